/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  CreateMarketBody,
  createMarket,
  displayPrices,
  findMarketBySlug,
  findStatusChange,
  formatPercent,
  listAllMarkets,
  MAX_RESOLUTION_SOURCE_LENGTH,
  MAX_RULES_LENGTH,
  newMarketOf,
  setMarketEnabled,
  tenantsOfMarket,
} from '../../domains/markets/index.js';
import { getMarketExposure } from '../../domains/positions/index.js';
import { tenantNames } from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { formatAmount } from '../../lib/money.js';
import { act, formOf, refuseForm } from '../web/act.js';
import { ChangeForm } from './settlement.js';
import {
  ActionButton,
  Field,
  PanelForm,
  ScrollTable,
  sendScreen,
  TextAreaField,
  useField,
  when,
} from '../web/shared.js';
import { ExposureSection } from './market-exposure.js';
import {
  FACTS_WORDS,
  factsOfForm,
  marketFactsRoutes,
  MarketFactsSection,
  RULES_HINT,
  SOURCE_HINT,
} from './market-facts.js';
import { SandboxInfluenceSection, sandboxInfluenceRoutes } from './market-sandbox.js';
import { MarketStatusSection, marketStatusRoutes } from './market-status.js';
import { marketListQuery, MarketListSection, readMarketList } from './market-list.js';
import { signedIn } from './site.js';
import { tenantChoices, TenantPicker } from './tenant-picker.js';

/** A datetime-local field's value (no zone) read as UTC, the zone every time of the service is in. */
const utcOf = (local: unknown) =>
  typeof local === 'string' && local !== '' ? `${local.length === 16 ? `${local}:00` : local}Z` : local;

/** Each field's label: the form shows it, and a refusal names the field by it. */
const NEW_MARKET_LABELS = {
  slug: 'Slug',
  title: 'Title',
  outcomes: 'Outcomes, one per line (2 to 20)',
  opens_at: 'Opens (UTC)',
  closes_at: 'Closes (UTC)',
  max_stake_per_position: 'Max stake per position',
  max_open_stake_per_user: 'Max open stake per user',
  liquidity: 'Liquidity (b)',
  rules: 'Rules (optional)',
  resolution_source: 'Resolution source (optional)',
};
/** What each field of the new-market form takes, in words, for a refused post (docs/platform-api.md, "Markets"). */
const NEW_MARKET_WORDS = {
  slug: 'Use 1 to 64 lower-case letters, digits and hyphens, like cup-final-2026.',
  title: 'Enter a title of 1 to 200 characters.',
  outcomes: 'Enter 2 to 20 outcomes, one per line.',
  opens_at: 'Choose when trading opens (UTC).',
  closes_at: 'Choose when trading closes (UTC), after it opens.',
  max_stake_per_position: 'Enter an amount above 0 like 100 or 99.50.',
  max_open_stake_per_user: 'Enter an amount above 0 like 500 or 499.50.',
  liquidity: 'Enter the depth b above 0, like 1000 (at most 6 decimals).',
  ...FACTS_WORDS,
};

/** A date and time input (UTC) that keeps a refused post's value and says what is wrong beside it. */
function WhenField(props: { name: string; label: string }) {
  const field = useField(props.name, props.name);
  return (
    <>
      <label for={props.name}>{props.label}</label>
      <input
        id={props.name}
        name={props.name}
        type="datetime-local"
        required
        value={field.value ?? ''}
        {...field.control}
      />
      {field.message}
    </>
  );
}

const EnableForm = z.object({ tenant_id: z.uuid('choose a tenant'), enabled: z.enum(['true', 'false']) });

/** Markets: the list, a new market, and one market's state, status moves, tenants and endings. */
export function marketRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(marketStatusRoutes(deps));
    await app.register(sandboxInfluenceRoutes(deps));
    await app.register(marketFactsRoutes(deps));
    app.get('/panel/markets', signedIn, async (request, reply) => {
      const read = readMarketList(request.query as Record<string, unknown>);
      const readable = Object.keys(read.errors).length === 0 && !read.badPosition;
      const found = readable ? await listAllMarkets(platformCtx(deps, request), marketListQuery(read)) : null;
      return sendScreen(
        request,
        reply,
        { title: 'Markets', current: '/panel/markets', ...(!readable && { status: 400 }) },
        <>
          <MarketListSection read={read} found={found} />
          <section aria-labelledby="new">
            <h2 id="new">New market</h2>
            <PanelForm request={request} action="/panel/markets" label="New market">
              <div class="row">
                <div>
                  <Field
                    name="slug"
                    label={NEW_MARKET_LABELS.slug}
                    required
                    maxLength={64}
                    hint="Lower-case letters, digits and -."
                  />
                </div>
                <div>
                  <Field name="title" label={NEW_MARKET_LABELS.title} required maxLength={200} size={40} />
                </div>
              </div>
              <TextAreaField name="outcomes" label={NEW_MARKET_LABELS.outcomes} required value={'Yes\nNo'} />
              <div class="row">
                <div>
                  <WhenField name="opens_at" label={NEW_MARKET_LABELS.opens_at} />
                </div>
                <div>
                  <WhenField name="closes_at" label={NEW_MARKET_LABELS.closes_at} />
                </div>
              </div>
              <div class="row">
                <div>
                  <Field
                    name="max_stake_per_position"
                    id="max_stake"
                    label={NEW_MARKET_LABELS.max_stake_per_position}
                    inputMode="decimal"
                    required
                    value="100.00"
                  />
                </div>
                <div>
                  <Field
                    name="max_open_stake_per_user"
                    id="max_open"
                    label={NEW_MARKET_LABELS.max_open_stake_per_user}
                    inputMode="decimal"
                    required
                    value="500.00"
                  />
                </div>
                <div>
                  <Field
                    name="liquidity"
                    label={NEW_MARKET_LABELS.liquidity}
                    inputMode="decimal"
                    required
                    value="1000"
                  />
                </div>
              </div>
              <TextAreaField
                name="rules"
                label={NEW_MARKET_LABELS.rules}
                rows={4}
                maxLength={MAX_RULES_LENGTH}
                hint={RULES_HINT}
              />
              <Field
                name="resolution_source"
                label={NEW_MARKET_LABELS.resolution_source}
                maxLength={MAX_RESOLUTION_SOURCE_LENGTH}
                size={60}
                hint={SOURCE_HINT}
              />
              <p>
                <button type="submit">Create market</button>
              </p>
            </PanelForm>
          </section>
        </>,
      );
    });

    app.post('/panel/markets', signedIn, async (request, reply) => {
      const form = formOf(request);
      const lines = typeof form.outcomes === 'string' ? form.outcomes.split(/\r?\n/) : [];
      const facts = factsOfForm(form);
      const body = CreateMarketBody.safeParse({
        slug: form.slug,
        title: form.title,
        outcomes: lines
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .map((title) => ({ title })),
        opens_at: utcOf(form.opens_at),
        closes_at: utcOf(form.closes_at),
        max_stake_per_position: form.max_stake_per_position,
        max_open_stake_per_user: form.max_open_stake_per_user,
        liquidity: form.liquidity,
        rules: facts.ok ? (facts.rules ?? undefined) : undefined,
        resolution_source: facts.ok ? (facts.resolutionSource ?? undefined) : undefined,
      });
      if (!body.success || !facts.ok) {
        const issues = [...(facts.ok ? [] : facts.error.issues), ...(body.success ? [] : body.error.issues)];
        return refuseForm(
          request,
          reply,
          '/panel/markets',
          new z.ZodError(issues),
          NEW_MARKET_WORDS,
          NEW_MARKET_LABELS,
        );
      }
      return act(platformCtx(deps, request), request, reply, (ctx) => createMarket(ctx, newMarketOf(body.data)), {
        action: 'market.create',
        target: body.data.slug,
        details: { title: body.data.title, outcomes: body.data.outcomes.length, liquidity: body.data.liquidity },
        back: `/panel/markets/${body.data.slug}`,
        done: (m) => `Market ${m.slug} is created. Enable it for tenants below.`,
      });
    });

    app.get('/panel/markets/:slug', signedIn, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const ctx = platformCtx(deps, request);
      const market = await findMarketBySlug(ctx.db, slug);
      if (!market)
        return sendScreen(
          request,
          reply,
          { title: 'No such market', current: '/panel/markets', status: 404 },
          <p>
            There is no market {slug}. <a href="/panel/markets">All markets</a>
          </p>,
        );
      const prices = displayPrices(market.q, market.b);
      const [tenants, exposure, choices, statusChange] = await Promise.all([
        tenantsOfMarket(ctx, market.id),
        getMarketExposure(ctx, slug),
        tenantChoices(deps, request),
        findStatusChange(ctx.db, market.id),
      ]);
      const names = await tenantNames(ctx, [
        ...new Set([
          ...tenants,
          ...(exposure.ok ? exposure.value.byTenant.map((t) => t.tenantId) : []),
          ...(market.ownerTenantId ? [market.ownerTenantId] : []),
        ]),
      ]);
      const enabled = new Set(tenants);
      const live = market.status === 'open' || market.status === 'suspended';
      return sendScreen(
        request,
        reply,
        { title: `Market ${market.title}`, current: '/panel/markets' },
        <>
          <section aria-labelledby="state">
            <h2 id="state">State</h2>
            <dl>
              <dt>Slug</dt>
              <dd>{market.slug}</dd>
              <dt>Status</dt>
              <dd>{market.status}</dd>
              <dt>Opens</dt>
              <dd>{when(market.opensAt)}</dd>
              <dt>Closes</dt>
              <dd>{when(market.closesAt)}</dd>
              <dt>Max stake per position</dt>
              <dd>{formatAmount(market.maxStakePerPosition)}</dd>
              <dt>Max open stake per user</dt>
              <dd>{formatAmount(market.maxOpenStakePerUser)}</dd>
              <dt>Liquidity</dt>
              <dd>{market.liquidity}</dd>
              {market.resolvedAt && (
                <>
                  <dt>{market.status === 'voided' ? 'Voided at' : 'Resolved at'}</dt>
                  <dd>{when(market.resolvedAt)}</dd>
                </>
              )}
            </dl>
            <MarketStatusSection request={request} market={market} change={statusChange} />
          </section>
          <section aria-labelledby="outcomes">
            <h2 id="outcomes">Outcomes</h2>
            <ScrollTable label="Outcomes table">
              <thead>
                <tr>
                  <th scope="col">Outcome</th>
                  <th scope="col" class="num">
                    Price
                  </th>
                  <th scope="col">Id</th>
                </tr>
              </thead>
              <tbody>
                {market.outcomes.map((o, i) => (
                  <tr key={o.id}>
                    <td>
                      {o.title}
                      {o.id === market.resolvedOutcomeId && <strong> (resolved to this)</strong>}
                    </td>
                    <td class="num">{formatPercent(prices[i]!)}</td>
                    <td>
                      <code>{o.id}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </section>
          <MarketFactsSection request={request} market={market} />
          <SandboxInfluenceSection
            request={request}
            market={market}
            ownerName={market.ownerTenantId ? (names.get(market.ownerTenantId) ?? null) : null}
          />
          {exposure.ok && <ExposureSection exposure={exposure.value} names={names} />}
          <section aria-labelledby="ending">
            <h2 id="ending">{live ? 'Resolve or void' : 'Correct'}</h2>
            <ChangeForm market={market} />
          </section>
          <section aria-labelledby="tenants">
            <h2 id="tenants">Tenants</h2>
            {tenants.length === 0 ? (
              <p>Enabled for no tenant.</p>
            ) : (
              <ul>
                {tenants.map((id) => (
                  <li key={id}>
                    <a href={`/panel/tenants/${id}`}>{names.get(id) ?? id}</a>{' '}
                    <ActionButton
                      request={request}
                      action={`/panel/markets/${slug}/tenants`}
                      fields={{ tenant_id: id, enabled: 'false' }}
                      label="Disable"
                      name={`Disable for ${names.get(id) ?? id}`}
                    />
                  </li>
                ))}
              </ul>
            )}
            <PanelForm request={request} action={`/panel/markets/${slug}/tenants`} label="Enable for a tenant">
              <input type="hidden" name="enabled" value="true" />
              <TenantPicker tenants={choices} id="tenant_id" label="Enable for the tenant" exclude={enabled} />
              <p>
                <button type="submit">Enable</button>
              </p>
            </PanelForm>
          </section>
        </>,
      );
    });

    app.post('/panel/markets/:slug/tenants', signedIn, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const back = `/panel/markets/${slug}`;
      const form = EnableForm.safeParse(formOf(request));
      if (!form.success) return refuseForm(request, reply, back, form.error);
      const input = { tenantId: form.data.tenant_id, marketSlug: slug, enabled: form.data.enabled === 'true' };
      return act(platformCtx(deps, request), request, reply, (ctx) => setMarketEnabled(ctx, input), {
        action: input.enabled ? 'market.enable' : 'market.disable',
        target: slug,
        details: { tenant_id: input.tenantId },
        back,
        done: (t) => `${t.marketSlug} is ${t.enabled ? 'enabled' : 'disabled'} for the tenant.`,
      });
    });
  };
}

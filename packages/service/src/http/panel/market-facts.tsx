/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAX_RESOLUTION_SOURCE_LENGTH,
  MAX_RULES_LENGTH,
  ResolutionSource,
  Rules,
  updateMarket,
  type MarketRecord,
} from '../../domains/markets/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, formOf, refuseForm } from '../web/act.js';
import { Field, PanelForm, TextAreaField } from '../web/shared.js';
import { signedIn } from './site.js';

/**
 * A market's rules and resolution source on the panel (docs/platform-api.md, "Markets"): what the players
 * read about how it resolves, shown on the market's page and changed through the platform API's verb
 * (`updateMarket`, audited as `market.update`), read by the API's own schemas so the two cannot drift. The
 * new-market form takes them too (markets.tsx, through `factsOfForm`).
 */

export const RULES_HINT = `One paragraph of at most ${MAX_RULES_LENGTH.toLocaleString('en')} characters: what resolves the market and how. Line breaks become spaces. Empty: none.`;
export const SOURCE_HINT = `At most ${MAX_RESOLUTION_SOURCE_LENGTH} characters: who or what gives the result, or its https address alone. Empty: none.`;

/** The form's words for a field whose text breaks a general rule (its length); a rule of its own speaks for itself. */
export const FACTS_WORDS = {
  rules: `Enter the rules in at most ${MAX_RULES_LENGTH.toLocaleString('en')} characters, or leave them empty.`,
  resolution_source: `Enter at most ${MAX_RESOLUTION_SOURCE_LENGTH} characters, or leave it empty.`,
};

const LABELS = { rules: 'The rules', resolution_source: 'The resolution source' } as const;

const FactsBody = z.object({ rules: Rules, resolution_source: ResolutionSource });

/**
 * The two fields as typed: empty is null (none), the rules' line breaks become spaces (one paragraph, as the
 * API takes them). A refusal says what is wrong in a sentence naming the field.
 */
export function factsOfForm(
  form: Record<string, unknown>,
): { ok: true; rules: string | null; resolutionSource: string | null } | { ok: false; error: z.ZodError } {
  const text = (value: unknown, oneLine: boolean) => {
    const typed = typeof value === 'string' ? value : '';
    const joined = oneLine ? typed.replace(/[ \t]*(\r\n|\r|\n)+[ \t]*/g, ' ') : typed;
    return joined.trim() === '' ? null : joined;
  };
  const parsed = FactsBody.safeParse({
    rules: text(form.rules, true),
    resolution_source: text(form.resolution_source, false),
  });
  if (parsed.success) return { ok: true, rules: parsed.data.rules, resolutionSource: parsed.data.resolution_source };
  const issues = parsed.error.issues.map((issue) => {
    const field = issue.path[0] as keyof typeof LABELS;
    return issue.code === 'custom' ? { ...issue, message: `${LABELS[field]} ${issue.message}.` } : issue;
  });
  return { ok: false, error: new z.ZodError(issues) };
}

/** The resolution source as the widget treats it: a link when it is an https URL (the schema let no other URL in). */
function Source(props: { text: string }) {
  return /^https:\/\//i.test(props.text) ? (
    <a href={props.text} rel="noopener noreferrer">
      {props.text}
    </a>
  ) : (
    <>{props.text}</>
  );
}

/** The section on the market's page: the two texts as the feed shows them, and the form that changes them. */
export function MarketFactsSection(props: { request: FastifyRequest; market: MarketRecord }) {
  const { market } = props;
  const action = `/panel/markets/${market.slug}/facts`;
  return (
    <section aria-labelledby="facts">
      <h2 id="facts">Rules and resolution source</h2>
      <p>What the players read about how the market resolves, in the feed and the widget.</p>
      <dl>
        <dt>Rules</dt>
        <dd data-testid="market-rules">{market.rules ?? 'None given.'}</dd>
        <dt>Resolution source</dt>
        <dd data-testid="market-resolution-source">
          {market.resolutionSource === null ? 'None given.' : <Source text={market.resolutionSource} />}
        </dd>
      </dl>
      <h3 id="facts-change">Change them</h3>
      <PanelForm request={props.request} action={action} label="Set the rules and resolution source">
        <TextAreaField
          name="rules"
          id="facts-rules"
          label="Rules"
          rows={5}
          maxLength={MAX_RULES_LENGTH}
          value={market.rules ?? ''}
          hint={RULES_HINT}
        />
        <Field
          name="resolution_source"
          id="facts-resolution-source"
          label="Resolution source"
          maxLength={MAX_RESOLUTION_SOURCE_LENGTH}
          size={60}
          value={market.resolutionSource ?? ''}
          hint={SOURCE_HINT}
        />
        <p>
          <button type="submit">Save rules and source</button>
        </p>
      </PanelForm>
    </section>
  );
}

/** POST /panel/markets/:slug/facts: the platform API's PATCH of the two fields, from the panel. */
export function marketFactsRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/panel/markets/:slug/facts', signedIn, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const back = `/panel/markets/${slug}#facts`;
      const facts = factsOfForm(formOf(request));
      if (!facts.ok) return refuseForm(request, reply, back, facts.error, FACTS_WORDS);
      const changes = { rules: facts.rules, resolutionSource: facts.resolutionSource };
      return act(platformCtx(deps, request), request, reply, (tx) => updateMarket(tx, slug, changes), {
        action: 'market.update',
        target: slug,
        details: { rules: facts.rules, resolution_source: facts.resolutionSource },
        back,
        done: (m) => `${m.slug}'s rules and resolution source are saved.`,
      });
    });
  };
}

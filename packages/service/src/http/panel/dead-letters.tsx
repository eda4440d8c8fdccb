/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { tenantNames } from '../../domains/tenants/index.js';
import {
  BULK_RESEND_CAP,
  countDeadLetters,
  listDeadLetters,
  resendDeadLetter,
  resendDeadLetters,
  type DeadLetterCount,
  type DeadLetterFilter,
} from '../../domains/webhooks/index.js';
import type { ServiceDeps } from '../../deps.js';
import { rejected } from '../../errors/index.js';
import { platformCtx } from '../context.js';
import { bulkResendDetails } from '../routes/webhooks.js';
import { act, formOf, redirectWith, runAudited } from '../web/act.js';
import { CopyButton } from '../web/page.js';
import { ActionButton, ScrollTable, sendScreen, when } from '../web/shared.js';
import { FilterForm, filterQuery, readFilter, setFields, type FilterFields } from './dead-letter-filter.js';
import { signedIn } from './site.js';
import { tenantChoices } from './tenant-picker.js';

/** Rows a page: a screen one reads on a bad night without losing one's place. */
const PAGE = 50;

const count = (n: number) => n.toLocaleString('en-US');
const letters = (n: number) => `${count(n)} dead letter${n === 1 ? '' : 's'}`;
const resentAllWords = (done: { resent: number; capped: boolean }) =>
  done.resent === 0
    ? 'No dead letter matched any more: nothing was resent.'
    : `${letters(done.resent)} resent: pending again, the worker sends them at its next pass.` +
      (done.capped ? ` That is the most one action resends; more may match: resend again for the rest.` : '');
const listPath = (fields: FilterFields, extra?: Record<string, string>) =>
  `/panel/dead-letters${filterQuery(fields, extra)}`;

/**
 * Deliveries that ran out of retries (docs/platform-api.md, "Dead letters"), filtered by tenant,
 * environment, event type and age, 50 a page by keyset; resent one at a time or all that match at
 * once, after a confirmation that counts them per tenant. Every resend is an audited action.
 */
export function deadLetterRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/dead-letters', signedIn, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const read = readFilter(query);
      const tenants = await tenantChoices(deps, request);
      const form = <FilterForm fields={read.fields} tenants={tenants} problems={read.problems} />;
      const screen = { title: 'Dead letters', current: '/panel/dead-letters' };
      if (!read.filter)
        return sendScreen(request, reply, { ...screen, status: 400 }, <section aria-label="Filter">{form}</section>);
      const ctx = platformCtx(deps, request);
      const cursor = typeof query.cursor === 'string' && query.cursor ? query.cursor : undefined;
      const before = typeof query.before === 'string' && query.before ? query.before : undefined;
      const [page, counted] = await Promise.all([
        listDeadLetters(ctx, { filter: read.filter, limit: PAGE, cursor, before }),
        countDeadLetters(ctx, read.filter),
      ]);
      const total = counted.ok ? counted.value.total : 0;
      const rows = page.ok ? page.value.items : [];
      const names = await tenantNames(ctx, [...new Set(rows.map((d) => d.tenantId))]);
      return sendScreen(
        request,
        reply,
        screen,
        <>
          <section aria-label="Filter">{form}</section>
          <section aria-labelledby="list">
            <h2 id="list">
              {letters(total)} match{total === 1 ? 'es' : ''}
            </h2>
            <p>Oldest event first, {PAGE} a page.</p>
            {total > 0 && (
              <p>
                <a class="button danger" href={`/panel/dead-letters/resend${filterQuery(read.fields)}`}>
                  Resend all {count(total)} matching
                </a>
              </p>
            )}
            {!page.ok && <p role="alert">That page link is not valid any more: start again from the first page.</p>}
            {page.ok && rows.length === 0 && <p>No dead letters here.</p>}
            {rows.length > 0 && (
              <ScrollTable label="Dead letters">
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Tenant</th>
                    <th scope="col" class="num">
                      Attempts
                    </th>
                    <th scope="col">Last failure</th>
                    <th scope="col">Dead since</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((d) => (
                    <tr key={d.eventId}>
                      <td>
                        {d.type}
                        <br />
                        <code class="copy" id={`event-${d.eventId}`}>
                          {d.eventId}
                        </code>{' '}
                        <CopyButton target={`event-${d.eventId}`} label="Copy id" />
                      </td>
                      <td>
                        <a href={`/panel/tenants/${d.tenantId}`}>{names.get(d.tenantId) ?? d.tenantId}</a>{' '}
                        <span class="nowrap">{d.environment}</span>
                      </td>
                      <td class="num">{d.attempts}</td>
                      <td>{d.lastStatus ? `HTTP ${d.lastStatus}` : (d.lastError ?? '—')}</td>
                      <td class="nowrap">{when(d.deadAt)}</td>
                      <td>
                        <ActionButton
                          request={request}
                          action={`/panel/dead-letters/${d.eventId}/resend`}
                          fields={setFields(read.fields)}
                          name={`Resend ${d.type} ${d.eventId}`}
                          label="Resend"
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            )}
            {page.ok && (page.value.previousCursor || page.value.nextCursor) && (
              <nav aria-label="Pages" class="row">
                {page.value.previousCursor && (
                  <a href={listPath(read.fields, { before: page.value.previousCursor })}>Previous {PAGE}</a>
                )}
                {page.value.nextCursor && (
                  <a href={listPath(read.fields, { cursor: page.value.nextCursor })}>Next {PAGE}</a>
                )}
                {(cursor || before) && <a href={listPath(read.fields)}>First page</a>}
              </nav>
            )}
          </section>
        </>,
      );
    });

    app.get('/panel/dead-letters/resend', signedIn, async (request, reply) => {
      const read = readFilter(request.query as Record<string, unknown>);
      if (!read.filter) return refuse(request, reply, read.fields, read.problems);
      const ctx = platformCtx(deps, request);
      const counted = await countDeadLetters(ctx, read.filter);
      if (!counted.ok) return refuse(request, reply, read.fields, [counted.rejection.message]);
      const { total, byTenant } = counted.value;
      const names = await tenantNames(
        ctx,
        byTenant.map((c) => c.tenantId),
      );
      const back = listPath(read.fields);
      return sendScreen(
        request,
        reply,
        { title: 'Resend dead letters', current: '/panel/dead-letters' },
        <section aria-labelledby="effect">
          <h2 id="effect">
            {total === 0 ? 'No dead letter matches this filter' : `${letters(total)} match this filter`}
          </h2>
          <p>{describe(read.filter, names)}</p>
          {total > 0 && (
            <>
              <ByTenant counts={byTenant} names={names} />
              <p>
                Each goes back to pending, due now, with a new cycle of the retry schedule; the worker sends it at its
                next pass. What matches is counted again when you confirm: letters that died since are included, letters
                resent since are not resent twice.
                {total > BULK_RESEND_CAP &&
                  ` One action resends at most ${count(BULK_RESEND_CAP)}: this one resends the oldest ` +
                    `${count(BULK_RESEND_CAP)}; come back for the rest.`}
              </p>
              <p class="row">
                <ActionButton
                  request={request}
                  action="/panel/dead-letters/resend"
                  fields={setFields(read.fields)}
                  label={`Resend ${letters(Math.min(total, BULK_RESEND_CAP))}`}
                  danger
                />
                <a href={back}>Cancel</a>
              </p>
            </>
          )}
          {total === 0 && (
            <p>
              <a href={back}>Back to the dead letters</a>
            </p>
          )}
        </section>,
      );
    });

    app.post('/panel/dead-letters/resend', signedIn, async (request, reply) => {
      const read = readFilter(formOf(request));
      const back = listPath(read.fields);
      if (!read.filter) return redirectWith(request, reply, back, problemOf(read.problems), () => '');
      const filter = read.filter;
      const ctx = platformCtx(deps, request);
      const result = await runAudited(
        ctx,
        request,
        {
          action: 'dead_letter.resend_all',
          target: read.fields.tenant || 'all tenants',
          tenantId: filter.tenantId,
          environment: filter.environment,
          details: { filter: setFields(read.fields) },
          detailsOf: bulkResendDetails,
          said: resentAllWords,
        },
        (tx) => resendDeadLetters(tx, filter),
      );
      return redirectWith(request, reply, back, result, resentAllWords);
    });

    app.post('/panel/dead-letters/:id/resend', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const read = readFilter(formOf(request));
      return act(platformCtx(deps, request), request, reply, (ctx) => resendDeadLetter(ctx, id), {
        action: 'dead_letter.resend',
        target: id,
        back: listPath(read.fields),
        done: () => 'The delivery is pending again; the worker sends it at its next pass.',
      });
    });
  };
}

/** A refused filter as the result redirectWith shows. */
const problemOf = (problems: string[]) => rejected('validation_failed', problems.join(' '));

function refuse(request: FastifyRequest, reply: FastifyReply, fields: FilterFields, problems: string[]) {
  return sendScreen(
    request,
    reply,
    { title: 'Resend dead letters', current: '/panel/dead-letters', status: 400 },
    <section>
      <p role="alert">This filter cannot be used: {problems.join(' ')}</p>
      <p>
        <a href={listPath(fields)}>Back to the dead letters</a>
      </p>
    </section>,
  );
}

/** The filter in words, for the confirmation. */
function describe(filter: DeadLetterFilter, names: Map<string, string>): string {
  const parts = [
    filter.tenantId ? `tenant ${names.get(filter.tenantId) ?? filter.tenantId}` : 'every tenant',
    filter.environment ? `${filter.environment} only` : 'both environments',
    filter.type ? `event ${filter.type}` : 'any event type',
  ];
  if (filter.olderThan) parts.push(`dead for more than ${filter.olderThan.replace('h', ' h').replace('d', ' d')}`);
  if (filter.deadFrom) parts.push(`dead from ${when(filter.deadFrom)}`);
  if (filter.deadTo) parts.push(`dead before ${when(filter.deadTo)}`);
  return `Filter: ${parts.join(', ')}.`;
}

function ByTenant(props: { counts: readonly DeadLetterCount[]; names: Map<string, string> }) {
  const rows = [...props.counts].sort(
    (a, b) => b.count - a.count || (props.names.get(a.tenantId) ?? '').localeCompare(props.names.get(b.tenantId) ?? ''),
  );
  return (
    <ScrollTable label="Dead letters by tenant">
      <thead>
        <tr>
          <th scope="col">Tenant</th>
          <th scope="col">Environment</th>
          <th scope="col" class="num">
            Dead letters
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={`${c.tenantId}/${c.environment}`}>
            <td>
              <a href={`/panel/tenants/${c.tenantId}`}>{props.names.get(c.tenantId) ?? c.tenantId}</a>
            </td>
            <td>{c.environment}</td>
            <td class="num" data-testid="tenant-count">
              {count(c.count)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { isPlainText } from '../../lib/text.js';
import { ScrollTable, sendScreen, when } from '../web/shared.js';
import { searchEverything, SEARCH_MAX, type Match } from './search-lookup.js';
import { signedIn } from './site.js';
import { TenantName } from './tenant-name.js';

/**
 * The header's search box lands here (UX: every object is found by the id an error or a ticket quotes).
 * One match goes straight to its page; several are listed with their tenant's name and environment.
 */
export function searchRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/search', signedIn, async (request, reply) => {
      const given = (request.query as { q?: unknown }).q;
      const q = typeof given === 'string' ? given : '';
      const matches = await searchEverything(platformCtx(deps, request), q);
      const [only] = matches;
      if (matches.length === 1 && only && !only.errorAnswer) return reply.redirect(only.href, 303);
      const screen = { title: q.trim() ? 'Search results' : 'Search', current: '/panel/search', search: q };
      return sendScreen(request, reply, screen, <Results q={q.trim()} matches={matches} />);
    });
  };
}

function Results(props: { q: string; matches: Match[] }) {
  const { q, matches } = props;
  if (q === '') return <Hint lead="Type an id or a name in the search box above." />;
  if (matches.length === 0) {
    const lead =
      q.length > SEARCH_MAX
        ? `Nothing found: no id or name is longer than ${SEARCH_MAX} characters.`
        : !isPlainText(q)
          ? 'Nothing found: no id or name holds a control character (such as NUL).'
          : `Nothing found for “${q}”.`;
    return <Hint lead={lead} />;
  }
  const answer = matches.find((m) => m.errorAnswer)?.errorAnswer;
  return (
    <>
      <section aria-labelledby="found">
        <h2 id="found">
          {matches.length} match{matches.length === 1 ? '' : 'es'} for “{q}”
        </h2>
        <ScrollTable label="Matches">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Tenant and environment</th>
            </tr>
          </thead>
          <tbody>
            {matches.map((m, i) => (
              <tr key={i}>
                <td class="wrap">
                  <a href={m.href}>{m.label}</a>
                </td>
                <td>
                  {m.scope ? <TenantName id={m.scope.tenantId} name={m.scope.tenantName} /> : 'Every tenant'}
                  <span class="kind">
                    {m.scope?.environment ?? (m.kind === 'tenant' ? 'sandbox and live' : 'both environments')}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </section>
      {answer && (
        <section aria-labelledby="request">
          <h2 id="request">The request {answer.requestId}</h2>
          <dl>
            <dt>Answer</dt>
            <dd>
              {answer.status} {answer.code}
            </dd>
            <dt>Route</dt>
            <dd>
              {answer.method} {answer.route}
            </dd>
            <dt>When</dt>
            <dd>{when(answer.at)}</dd>
            <dt>Tenant</dt>
            <dd>
              {answer.tenantId ? (
                <TenantName id={answer.tenantId} name={answer.tenantName} />
              ) : (
                'No tenant (no valid key)'
              )}
            </dd>
            <dt>Environment</dt>
            <dd>{answer.environment ?? '—'}</dd>
          </dl>
        </section>
      )}
    </>
  );
}

function Hint(props: { lead: string }) {
  return (
    <section aria-labelledby="hint">
      <h2 id="hint">{props.lead}</h2>
      <p>The search takes:</p>
      <ul>
        <li>a tenant's name, or part of it (any case);</li>
        <li>an end user's id as the operator sends it (external_user_id), in every tenant;</li>
        <li>a market's slug;</li>
        <li>
          an exact id (a UUID such as 6f1c2a9e-…): of a tenant, end user, position, ledger transaction, order, webhook
          event or delivery, market, support ticket, or the request_id an error answer quotes (with the tickets quoting
          it).
        </li>
      </ul>
    </section>
  );
}

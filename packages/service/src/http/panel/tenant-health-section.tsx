/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { shortDuration } from '../web/duration.js';
import type { EnvironmentHealth, HourErrors, MarketTraded, TenantHealth } from './tenant-health.js';

const count = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const hhmm = (at: Date) => at.toISOString().slice(11, 16);
const ENVIRONMENT_WORDS = { sandbox: 'Sandbox', live: 'Live' } as const;

/** Minor units as an amount with its thousands grouped: exact, from the bigint, never through a float. */
export function amountOf(minor: bigint): string {
  const abs = minor < 0n ? -minor : minor;
  return `${minor < 0n ? '-' : ''}${(abs / 100n).toLocaleString('en')}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** An hour's error answers as a share of its requests, to one decimal. */
function rateOf(hour: HourErrors): string {
  return `${((hour.errors / hour.requests) * 100).toFixed(1)} %`;
}

/**
 * Where a figure's details are: the lists that filter by tenant and environment (the request log's also by
 * code and time); a market's page has each tenant environment's positions on it.
 */
export interface HealthLinks {
  requests(environment: string, filter: { code?: string; from?: string }): string;
  deadLetters(environment: string): string;
  discrepancies(environment: string): string;
}

/** A time as the request log's filter takes it (UTC, to the minute). */
const fromOf = (at: Date) => at.toISOString().slice(0, 16);

/**
 * A tenant's health, first on its page (docs/operations.md, "The platform panel"): per environment, live
 * first, today's stake traded, requests, error answers of this hour against the hour before, 429s, webhook
 * deliveries pending and dead, and recent reconciliation discrepancies; each in words when there is none,
 * each linking to where its details are.
 */
export function TenantHealthSection(props: { health: TenantHealth; links: HealthLinks }) {
  const { health } = props;
  return (
    <section aria-labelledby="health">
      <h2 id="health">Today</h2>
      <p class="hint">
        {health.day.toISOString().slice(0, 10)} since 00:00 UTC, as of {hhmm(health.now)} UTC. Error answers by the
        clock hour: this hour so far against the hour before.
      </p>
      {health.environments.map((env) => (
        <EnvironmentHealthFigures key={env.environment} env={env} health={health} links={props.links} />
      ))}
    </section>
  );
}

function EnvironmentHealthFigures(props: { env: EnvironmentHealth; health: TenantHealth; links: HealthLinks }) {
  const { env, health, links } = props;
  const e = env.environment;
  const words = ENVIRONMENT_WORDS[e];
  return (
    <div role="group" aria-labelledby={`health-${e}`} class="health">
      <h3 id={`health-${e}`}>{words}</h3>
      <dl class="stats">
        <Traded env={env} />
        <Stat
          label="Requests today"
          value={env.requestsToday > 0 ? count(env.requestsToday) : null}
          none="No requests today"
          hint={env.requestsToday > 0 ? 'every /v1 request, refused ones included' : undefined}
          href={links.requests(e, { from: fromOf(health.day) })}
          name={`${words} requests today: ${count(env.requestsToday)}`}
        />
        <ErrorRate
          thisHour={env.thisHour}
          hourBefore={env.hourBefore}
          requests={(code) => links.requests(e, { from: fromOf(env.thisHour.start), ...(code ? { code } : {}) })}
          words={words}
        />
        <Stat
          label="429s today"
          value={env.rateLimitedToday > 0 ? count(env.rateLimitedToday) : null}
          none="No 429s today"
          hint={env.rateLimitedToday > 0 ? 'requests refused by a rate limit' : undefined}
          href={links.requests(e, { code: 'rate_limited', from: fromOf(health.day) })}
          name={`${words} 429s today: ${count(env.rateLimitedToday)}`}
        />
        <Stat
          label="Webhooks pending"
          value={env.webhooks.pending > 0 ? count(env.webhooks.pending) : null}
          none="No deliveries waiting"
          hint={
            env.webhooks.oldestPendingAt
              ? `the oldest waiting ${shortDuration(health.now.getTime() - env.webhooks.oldestPendingAt.getTime())}`
              : undefined
          }
        />
        <Stat
          label="Dead letters"
          value={env.webhooks.dead > 0 ? count(env.webhooks.dead) : null}
          none="No dead letters"
          href={env.webhooks.dead > 0 ? links.deadLetters(e) : undefined}
          name={`${words} dead letters: ${env.webhooks.dead}`}
        />
        <Stat
          label={`Discrepancies, ${health.discrepancyDays} days`}
          value={env.discrepancies > 0 ? count(env.discrepancies) : null}
          none={`None found in ${health.discrepancyDays} days`}
          href={env.discrepancies > 0 ? links.discrepancies(e) : undefined}
          name={`${words} reconciliation discrepancies: ${env.discrepancies}`}
        />
      </dl>
    </div>
  );
}

/** One figure: its label, its value (a link to its details when it has some) or its words for none, a hint. */
function Stat(props: {
  label: string;
  value: string | null;
  none: string;
  hint?: ComponentChildren;
  href?: string;
  /** The link's name when the value alone would not say what it opens. */
  name?: string;
  /** Two columns wide: the figure with the most to say. */
  wide?: boolean;
}) {
  return (
    <div class={props.wide ? 'stat wide' : 'stat'}>
      <dt>{props.label}</dt>
      {props.value === null ? (
        <dd class="calm">{props.none}</dd>
      ) : (
        <dd>
          {props.href ? (
            <a href={props.href} aria-label={props.name}>
              {props.value}
            </a>
          ) : (
            props.value
          )}
        </dd>
      )}
      {props.hint && <dd class="hint">{props.hint}</dd>}
    </div>
  );
}

/** The day's stake, exact, with the markets it went on (each linking to its page, where its exposure is). */
function Traded(props: { env: EnvironmentHealth }) {
  const { stake, positions, markets } = props.env.traded;
  if (positions === 0) return <Stat label="Stake traded today" value={null} none="No trades today" />;
  const shown = markets.slice(0, 2);
  return (
    <Stat
      label="Stake traded today"
      value={amountOf(stake)}
      none=""
      hint={
        <>
          {plural(positions, 'position')} on{' '}
          {shown.map((m, i) => (
            <span key={m.slug}>
              {i > 0 && ', '}
              <MarketLink market={m} />
            </span>
          ))}
          {markets.length > shown.length && ` and ${plural(markets.length - shown.length, 'other market')}`}
        </>
      }
    />
  );
}

function MarketLink(props: { market: MarketTraded }) {
  const m = props.market;
  if (!m.slug) return <>{m.title}</>;
  return (
    <a href={`/panel/markets/${encodeURIComponent(m.slug)}#exposure`} class="wrap">
      {m.title} ({amountOf(m.stake)})
    </a>
  );
}

/**
 * This hour's error answers against its requests, and the hour before's, in words when there are none;
 * the rate links to the hour's requests, each code to its answers.
 */
function ErrorRate(props: {
  thisHour: HourErrors;
  hourBefore: HourErrors;
  requests: (code?: string) => string;
  words: string;
}) {
  const { thisHour, hourBefore } = props;
  const since = hhmm(thisHour.start);
  const label = 'Error answers this hour';
  const hour = `the hour before (${hhmm(hourBefore.start)}–${since})`;
  const before =
    hourBefore.requests > 0
      ? `${hour}: ${rateOf(hourBefore)}, ${count(hourBefore.errors)} of ${count(hourBefore.requests)}`
      : hourBefore.errors > 0
        ? `${hour}: ${plural(hourBefore.errors, 'error answer')}`
        : `no requests ${hour}`;
  if (thisHour.requests === 0 && thisHour.errors === 0) {
    return <Stat label={label} value={null} none={`No requests since ${since}`} hint={before} wide />;
  }
  if (thisHour.errors === 0) {
    return <Stat label={label} value={null} none={`No errors since ${since}`} hint={before} wide />;
  }
  // Error answers without requests counted: the request log is off (REQUEST_LOG=0), so no rate.
  const value = thisHour.requests > 0 ? rateOf(thisHour) : plural(thisHour.errors, 'error');
  return (
    <Stat
      label={label}
      value={value}
      none=""
      wide
      href={props.requests()}
      name={`${props.words} error answers this hour: ${value}`}
      hint={
        <>
          {thisHour.requests > 0 && (
            <span class="kind">
              {count(thisHour.errors)} of {count(thisHour.requests)} since {since}
            </span>
          )}
          <span class="kind">
            {thisHour.codes.slice(0, 3).map((c, i) => (
              <span key={c.code}>
                {i > 0 && ', '}
                <a href={props.requests(c.code)}>{c.code}</a> {count(c.count)}
              </span>
            ))}
          </span>
          <span class="kind">{before}</span>
        </>
      }
    />
  );
}

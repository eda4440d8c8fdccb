#!/usr/bin/env node
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listen } from './listen.js';

/** The pm-listen command (docs/sdk.md, "Receive webhooks on your laptop: pm-listen"): options in, listen() run. */
const USAGE = `Usage: pm-listen --forward-to <url> [options]

Follows your environment's event feed and POSTs each event to <url>, signed like a webhook delivery.

  --forward-to <url>   where to POST each event, e.g. http://localhost:3000/hooks
  --api-key <key>      your API key (default: $PM_API_KEY)
  --base-url <url>     the service (default: $PM_BASE_URL)
  --secret <whsec_…>   sign with this secret (default: one generated at the first start, kept in the state file)
  --state <file>       where the cursor is kept (default: ./.pm-listen.json)
  --from-start         on a first start, forward the events from before it too
  -h, --help           this text`;

const fail = (message: string): never => {
  process.stderr.write(`pm-listen: ${message}\n\n${USAGE}\n`);
  process.exit(2);
};

function readOptions() {
  try {
    return parseArgs({
      options: {
        'forward-to': { type: 'string' },
        'api-key': { type: 'string' },
        'base-url': { type: 'string' },
        secret: { type: 'string' },
        state: { type: 'string' },
        'from-start': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}

const values = readOptions();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const forwardTo = values['forward-to'] ?? fail('--forward-to is needed');
const apiKey = values['api-key'] ?? process.env.PM_API_KEY ?? fail('--api-key or PM_API_KEY is needed');
const baseUrl = values['base-url'] ?? process.env.PM_BASE_URL ?? fail('--base-url or PM_BASE_URL is needed');
if (!URL.canParse(forwardTo)) fail(`--forward-to ${forwardTo} is not a URL`);
const statePath = path.resolve(values.state ?? '.pm-listen.json');

const stop = new AbortController();
const onSignal = () => {
  process.stdout.write('Stopping (again to quit at once)\n');
  stop.abort();
  process.once('SIGINT', () => process.exit(130));
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

try {
  await listen({
    baseUrl,
    apiKey,
    forwardTo,
    secret: values.secret,
    statePath,
    fromStart: values['from-start'] === true,
    signal: stop.signal,
  });
  process.stdout.write(`Stopped; the cursor is kept in ${statePath}\n`);
} catch (error) {
  process.stderr.write(`pm-listen: ${(error as Error).message}\n`);
  process.exitCode = 1;
}

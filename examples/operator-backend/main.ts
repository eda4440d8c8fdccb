/**
 * The example operator back end (docs/sdk.md, "The example operator back end"), against a local service:
 *   ALLOW_INSECURE_WEBHOOKS=1 npm start      # the service, webhooks allowed to reach loopback
 *   npm run example:operator                 # this
 * Environment: PM_BASE_URL (http://127.0.0.1:8080), PM_PLATFORM_URL (http://127.0.0.1:8090), DATA_DIR
 * (./data, where `npm start` keeps the platform admin token), PORT (3000). Ctrl-C stops it.
 */
import { localAdminToken } from './onboard.js';
import { runExample } from './example.js';

const example = await runExample({
  baseUrl: process.env.PM_BASE_URL ?? 'http://127.0.0.1:8080',
  platformUrl: process.env.PM_PLATFORM_URL ?? 'http://127.0.0.1:8090',
  adminToken: await localAdminToken(process.env.DATA_DIR ?? 'data'),
  port: Number(process.env.PORT ?? 3000),
  log: (line) => console.log(line),
});
await example.firstOpen;
console.log('waiting for more webhooks (settle a market in the panel to see position.settled); Ctrl-C stops');
process.once('SIGINT', () => void example.stop().then(() => process.exit(0)));

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  type TestService,
  type TestTenant,
} from './helpers.js';

let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

const stats = async () => {
  const res = await service.platform('GET', '/platform/v1/engine');
  expect(res.status, res.text).toBe(200);
  return res.json as Record<string, unknown> & { rounds: number; commands: number; recent_round_sizes: number[] };
};

describe('GET /platform/v1/engine', () => {
  it("answers this process's engine counters, which count a sync as one command of a round", async () => {
    await registerUser(service, tenant.sandboxKey, 'engine-stats-user');
    const before = await stats();
    expect(Object.keys(before).sort()).toEqual([
      'blocking_rounds',
      'commands',
      'deferrals',
      'failed_rounds',
      'recent_round_sizes',
      'rounds',
      'step_ms',
    ]);
    const res = await sync(service, tenant.sandboxKey, {
      external_user_id: 'engine-stats-user',
      direction: 'credit',
      amount: '1.00',
    });
    expect(res.status, res.text).toBe(200);
    const after = await stats();
    expect(after.commands).toBeGreaterThanOrEqual(before.commands + 1);
    expect(after.rounds).toBeGreaterThanOrEqual(before.rounds + 1);
    expect(after.recent_round_sizes.length).toBeGreaterThan(0);
    expect(after.recent_round_sizes.length).toBeLessThanOrEqual(10_000);
    expect(after.recent_round_sizes.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
    // Where a round's time goes: every step timed, and the round's steps took some time.
    const steps = after.step_ms as Record<string, number>;
    expect(Object.keys(steps)).toEqual(['begin', 'lock', 'read', 'evaluate', 'commit']);
    const spent = (s: Record<string, number>) => Object.values(s).reduce((a, b) => a + b, 0);
    expect(spent(steps)).toBeGreaterThan(spent(before.step_ms as Record<string, number>));
  });

  it('takes the platform admin token only', async () => {
    expectEnvelope(await call(service.urls.platform, 'GET', '/platform/v1/engine'), 'invalid_api_key', 401);
    expectEnvelope(
      await call(service.urls.platform, 'GET', '/platform/v1/engine', { key: tenant.sandboxKey }),
      'invalid_api_key',
      401,
    );
  });
});

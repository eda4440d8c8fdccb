import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantContextOf } from '../src/domains/context.js';
import { Position } from '../src/domains/positions/index.js';
import { openTicket, type OpenTicketInput, type Ticket } from '../src/domains/support-tickets/index.js';
import { installErrorHandling } from '../src/http/errors.js';
import { keyedWork, type KeyedWork } from '../src/domains/idempotency/index.js';
import { sendStored } from '../src/http/stored-answer.js';
import { presenter } from '../src/lib/present.js';
import { installRequestContext } from '../src/http/request-context.js';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, sessionFor } from './trading-helpers.js';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

const balanceOf = async (user: string) =>
  (await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: tenant.sandboxKey })).json.balance;

describe('idempotency keys are scoped by principal', () => {
  it("an end user cannot replay another user's close key to read that user's position", async () => {
    const market = await createMarket(service, tenant);
    const [alice, bob] = [
      await fundedUser(service, tenant.sandboxKey, 'alice'),
      await fundedUser(service, tenant.sandboxKey, 'bob'),
    ];
    const [aliceToken, bobToken] = [
      await sessionFor(service, tenant.sandboxKey, alice),
      await sessionFor(service, tenant.sandboxKey, bob),
    ];
    const opened = await service.api('sandbox', 'POST', '/v1/positions', {
      key: aliceToken,
      body: { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '5.00', max_price: '1' },
      idempotencyKey: uniqueKey('open'),
    });
    expect(opened.status, opened.text).toBe(201);
    const key = uniqueKey('close');
    const closeAs = (token: string) =>
      service.api('sandbox', 'POST', `/v1/positions/${opened.json.id}/close`, {
        key: token,
        body: { min_price: '0' },
        idempotencyKey: key,
      });
    const closed = await closeAs(aliceToken);
    expect(closed.status).toBe(200);
    // Bob's request with Alice's key and body is Bob's own: the position is not his, so it is not found.
    const replayAttempt = await closeAs(bobToken);
    expectEnvelope(replayAttempt, 'not_found', 404);
    expect(replayAttempt.text).not.toContain(alice);
    // Alice still gets her own answer back byte for byte.
    expect((await closeAs(aliceToken)).text).toBe(closed.text);
  });

  it("an end user cannot spoil the operator's key in advance, nor the operator a user's", async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'spoiler');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const key = uniqueKey('shared');
    const body = { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '1.00', max_price: '1' };
    const bySession = await service.api('sandbox', 'POST', '/v1/positions', { key: token, body, idempotencyKey: key });
    expect(bySession.status).toBe(201);
    // The operator's request with the same key and another body is not idempotency_key_reused.
    const byOperator = await service.api('sandbox', 'POST', '/v1/positions', {
      key: tenant.sandboxKey,
      body: { ...body, external_user_id: user, stake: '2.00' },
      idempotencyKey: key,
    });
    expect(byOperator.status, byOperator.text).toBe(201);
    expect(byOperator.json.id).not.toBe(bySession.json.id);
    expect(await balanceOf(user)).toBe('997.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('a keyed answer is presented through its response schema', () => {
  it('fails with 500 when a 2xx body breaks its schema, applies nothing and keeps the key unspent', async () => {
    const own = await createTenant(service);
    // The ticket verb, presented through the Position schema: the value cannot pass it.
    const broken: KeyedWork<OpenTicketInput, Ticket> = {
      operation: 'support_ticket_open',
      run: openTicket,
      status: 201,
      present: presenter(Position, (ticket: Ticket) => ({ id: ticket.id }) as never),
    };
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app, service.deps, 'test-source');
    installRequestContext(app, 'test-source', () => true);
    const key = uniqueKey('broken');
    const body = { subject: 'A schema test', body: 'Nothing of this may be kept.' };
    app.post('/broken', async (request, reply) => {
      const ctx = tenantContextOf(
        service.deps,
        { tenantId: own.tenantId, environment: 'sandbox' },
        { kind: 'operator', keyId: 'test' },
      );
      const input = { subject: body.subject, body: body.body, requestId: null };
      return sendStored(
        reply,
        await keyedWork(ctx, request.requestContext, broken, { key, fields: { ...body }, input }),
      );
    });
    const res = await app.inject({ method: 'POST', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: 'internal_error' });
    const tickets = () => service.api('sandbox', 'GET', '/v1/support-tickets', { key: own.sandboxKey });
    expect((await tickets()).json.data).toEqual([]);
    // The key was given back: the real route now opens the same ticket once.
    const open = () =>
      service.api('sandbox', 'POST', '/v1/support-tickets', { key: own.sandboxKey, body, idempotencyKey: key });
    const opened = await open();
    expect(opened.status, opened.text).toBe(201);
    expect((await open()).text).toBe(opened.text);
    expect((await tickets()).json.data.map((t: { id: string }) => t.id)).toEqual([opened.json.id]);
  });
});

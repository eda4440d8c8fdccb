import type { LoggedRequest } from '../src/domains/request-log/model/entry.js';

/** A request as the recorder takes it: a sandbox `GET /v1/markets` answered 200, unless told otherwise. */
export function loggedRequest(fields: Partial<LoggedRequest> & Pick<LoggedRequest, 'tenantId'>): LoggedRequest {
  return {
    requestId: crypto.randomUUID(),
    environment: 'sandbox',
    at: new Date(),
    method: 'GET',
    route: '/v1/markets',
    path: '/v1/markets',
    status: 200,
    code: null,
    idempotencyKey: null,
    replayed: false,
    latencyMs: 1,
    externalUserId: null,
    ...fields,
  };
}

import { randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

let prefixMs = -1;
let prefix = '';

/**
 * A request's id: a UUID whose first 48 bits are the time in milliseconds (RFC 9562, version 7), the rest
 * random. Ids in the order they were made keep the request log's primary key growing at its right edge,
 * where a random id would land anywhere in it (docs/operations.md, "The request log"). Made from a random
 * (version 4) UUID, whose variant and 74 random bits it keeps, with its first 13 hex digits replaced by the
 * time and the version: a tenth of what the uuid package's v7 costs a call in the running service.
 */
export function newRequestId(): string {
  const now = Date.now();
  if (now !== prefixMs) {
    const hex = now.toString(16).padStart(12, '0');
    prefix = `${hex.slice(0, 8)}-${hex.slice(8)}-7`;
    prefixMs = now;
  }
  return prefix + randomUUID().slice(15);
}

export { isUuid } from './uuid.js';

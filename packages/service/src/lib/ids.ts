import { randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

export { isUuid } from './uuid.js';

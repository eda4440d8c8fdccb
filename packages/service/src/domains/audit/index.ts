export type { AuditEntry, AuditRecord } from './audit-repo.js';
export { audited, readAuditLog } from './audited.js';

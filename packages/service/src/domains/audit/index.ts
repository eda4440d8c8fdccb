export type { AuditRecord } from './audit-repo.js';
export { actorName, PLATFORM_API } from './actor.js';
export { audited, readAuditLog, type AuditEntry } from './audited.js';
export { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_NOUNS, type AuditAction } from './model/actions.js';
export {
  AUDIT_FILTER_NAMES,
  NO_AUDIT_FILTER,
  readAuditFilter,
  type AuditFilter,
  type AuditFilterFields,
} from './model/audit-filter.js';
export { detailLines, type DetailLine } from './model/detail-lines.js';
export { hostOf } from './model/withheld.js';

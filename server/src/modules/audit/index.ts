/*
 * The audit log: append-only records of who did what, when and from where. The module's face: other
 * modules record through `recordAudit` (inside their own transaction); the console lists with `listAudit` and exports with `exportAudit`.
 */
export { exportAudit, listAudit, recordAudit, recordCliRead } from './audit-log';
export type { AuditEntryInput, AuditFilters, AuditQuery, AuditReader } from './audit-log';

/*
 * Retention: abandoned drafts purged with their files, limit tables pruned past their windows, by a job in
 * the server and by `npm run cli -- purge-drafts` (docs/operations.md says what is kept, for how long, why).
 */
export { createRetentionModule, retentionModule } from './job';
export type { RetentionModuleOptions } from './job';
export { runRetentionPass } from './pass';
export type { RetentionPassResult } from './pass';
export { countAbandonedDrafts, eraseUnsignedOrder, KEPT_AFTER_ORDER, purgeAbandonedDrafts, PURGEABLE_STATUSES, PURGED_WITH_ORDER } from './purge-drafts';
export type { ErasedRows } from './purge-drafts';
export { retentionCliCommands } from './cli-commands';

/*
 * Retention: abandoned drafts purged with their files, limit tables pruned past their windows, by a job in
 * the server and by `npm run cli -- purge-drafts` (docs/operations.md says what is kept, for how long, why).
 */
export { createRetentionModule, retentionModule } from './job';
export type { RetentionModuleOptions } from './job';
export { runRetentionPass } from './pass';
export type { RetentionPassResult } from './pass';
export { countAbandonedDrafts, purgeAbandonedDrafts, PURGEABLE_STATUSES } from './purge-drafts';
export { retentionCliCommands } from './cli-commands';

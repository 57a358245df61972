/**
 * Background work shared by several server processes: rows and turns claimed with a lease (leased-claim.ts).
 */
export { claimLeased, claimTurn, releaseLeased } from './leased-claim';
export type { ClaimOptions, LeasedTable } from './leased-claim';

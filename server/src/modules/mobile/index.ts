/*
 * Mobile: SIM orders, number portability confirmations and SIM activation.
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createMobileModule, mobileModule } from './routes';
export { FAILURE_WINDOW_MS, secondsLeft, waitText } from './activation-delay';
export type { DelayRule, FailureTally } from './activation-delay';
export { listMobileOrdersCommand, mobileCliCommands } from './cli-commands';
export { seedMobileOrders } from './seed';
export { activationLockKey, createMobileOrder } from './service';
export type { MobileOrderCreated, NewMobileOrder } from './service';
export { MOBILE_STATUSES, selectByShortHash as findMobileOrderByShortHash, selectMobileOrdersPage as findMobileOrders } from './repository';
export type { MobileOrderRow, MobileStatus } from './repository';

/*
 * Pre-made orders: orders prepared by staff, opened by a code (and the one-time code for personal data).
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createPremadeModule, premadeModule } from './routes';
export { premadeCliCommands } from './cli-commands';
export { FAILURE_WINDOW_MS, premadeClientLockKey } from './code-delay';
export { createPremadeOrder } from './premade-order';
export { premadePath, preparePremadeOrder } from './prepare-premade';
export type { PreparePremadeInput, PreparedPremade } from './prepare-premade';
export { expirePremadeOrder, extendPremadeOrder, listPremadeOrders, premadeState } from './premade-admin';
export type { PremadeChange, PremadeListFilter, PremadeRow, PremadeState } from './premade-admin';
export { seedPremadeOrders } from './seed';

/*
 * Pre-made orders: orders prepared by staff, opened by a code (and the one-time code for personal data).
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createPremadeModule, premadeModule } from './routes';
export { premadeCliCommands } from './cli-commands';
export { FAILURE_WINDOW_MS, premadeClientLockKey } from './code-delay';
export { createPremadeOrder } from './premade-order';
export { seedPremadeOrders } from './seed';

/*
 * Console orders: the operator console's order list, CSV export, order page, workflow moves, notes,
 * documents and contract files, and the identity document review queue.
 * The module's face: the app and the tests import only this file.
 */
export { consoleOrdersModule, createConsoleOrdersModule } from './routes';
export { INLINE_TYPES, REVIEW_CLAIM_MS } from './service';

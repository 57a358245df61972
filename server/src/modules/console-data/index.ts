/*
 * The console's reference files (coverage CSV and ATECO uploads imported by a background job) and its
 * privacy tools (a customer's data export, an unsigned order's erasure).
 * The module's face: the app and the tests import only this file.
 */
export { consoleDataModule, createConsoleDataModule } from './routes';
export type { ConsoleDataOptions } from './routes';
export type { ReferenceJobRunner } from './jobs';

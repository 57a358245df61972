/*
 * Coverage: addresses, buildings and the services sold there (search, import, demo data).
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { coverageModule } from './routes';
export { coverageCliCommands } from './cli-commands';
export { ImportFileError, MAX_REPORTED_BAD, importCoverageFile, summaryLines } from './import-coverage';
export type { ImportOptions, ImportProgress, ImportSource, ImportSummary } from './import-coverage';
export { DEMO_ADDRESSES } from './demo-generator';
export { demoCoverageSize, seedCoverage } from './seed';
export { coverageAt, orderCoverageAt } from './service';
export type { CustomerType } from './service';

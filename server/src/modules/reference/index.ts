/*
 * Reference data: comuni, provinces, countries, operators, ATECO codes, codice fiscale and migration codes.
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { referenceModule } from './routes';
export { atecoCliCommands } from './ateco-cli';
export { importAtecoText } from './ateco-import';
export type { AtecoImportResult } from './ateco-import';
export { cfMatchesPerson, decodeCf, normaliseCf } from './codice-fiscale';
export type { CfPerson } from './codice-fiscale';
export { getComune, listProvinces, normaliseName, provinceCapitals } from './comuni';
export { validateMigrationCode } from './migration-code';
export { MOBILE_OPERATORS } from './operators';

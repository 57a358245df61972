// The console's one CSV writer (infra/csv.ts), under the name this module's code imports.
export { CSV_BOM, CSV_SEPARATOR, csvCell, csvLine } from '../../infra/csv';

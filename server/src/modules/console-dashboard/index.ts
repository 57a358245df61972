/*
 * The console's dashboard ("Cruscotto"): the sales funnel, the document review backlog and the one-time
 * codes, counted from the database's own records. The module's face: the app, the tests and the bench
 * import only this file.
 */
export { consoleDashboardModule } from './routes';
export { dashboardCsvLines, readDashboard } from './service';
export type { DashboardDeps } from './service';

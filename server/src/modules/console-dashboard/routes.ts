import { consoleEndpoints } from '@checkout/contract';
import { CSV_BOM } from '../../infra/csv';
import type { AppModule } from '../app-module';
import { registerConsoleEndpoint } from '../console-auth';
import { dashboardCsvLines, readDashboard } from './service';

/** The console's dashboard: the counts, and the same counts as CSV (admin and back office; ROLE_PERMISSIONS). */
export const consoleDashboardModule: AppModule = async (app, deps) => {
  const { db, now } = deps;
  registerConsoleEndpoint(app, deps, consoleEndpoints.dashboard, async (ctx) => readDashboard({ db, now }, ctx.input));
  registerConsoleEndpoint(app, deps, consoleEndpoints.exportDashboard, async (ctx) => {
    const dashboard = await readDashboard({ db, now }, ctx.input);
    void ctx.reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="cruscotto-${dashboard.from}-${dashboard.to}.csv"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(CSV_BOM + dashboardCsvLines(dashboard).join(''));
  });
};

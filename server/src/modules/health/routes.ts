import { sql } from 'kysely';
import type { AppModule } from '../app-module';

/** `GET /api/health`: for load balancers and the e2e start-up wait; touches the database. */
export const healthModule: AppModule = async (app, { db }) => {
  app.get('/api/health', async () => {
    await sql`select 1`.execute(db);
    return { result: true, data: { status: 'ok' } };
  });
};

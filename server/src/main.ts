import { buildApp } from './app';
import { ConfigError, developmentModeWarning, loadConfig } from './config';
import type { Config } from './config';
import { createDb, migrate } from './db';
import { seedDemoData } from './demo-seed';

/** config → database → migrations (under a lock) → demo seed (first start) → listen; SIGTERM/SIGINT drain and close. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  // Until the app's logger exists, a failing background checkpoint is told on stderr.
  let reportDbError = (err: Error): void => { process.stderr.write(`${err.message}\n`); };
  const handle = createDb(config.databaseUrl, { backgroundCheckpoints: { onError: (err) => { reportDbError(err); } } });
  await migrate(handle.db);
  const app = await buildApp(config, { db: handle.db });
  reportDbError = (err) => { app.log.error({ err }, 'database: background checkpoint failed; SQLite checkpoints on commit again'); };
  if (config.seedDemoData && (await seedDemoData(handle.db))) app.log.info('demo data seeded');

  // Shutdown, in Fastify's order: preClose (readiness answers 503 from here, new requests on open
  // connections get the draining envelope), the listening socket closes, requests in flight finish,
  // then onClose (workers stop and hand back their leases, Redis clients quit); last the database pool.
  app.addHook('preClose', (done) => { app.log.info('draining: readiness 503, no new connections'); done(); });
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    const graceMs = config.shutdownGraceMs;
    app.log.info({ signal, grace_ms: graceMs }, 'shutting down');
    let cut = false;
    // Past the grace, requests still in flight lose their connections so the rest of the shutdown runs.
    const grace = setTimeout(() => {
      cut = true;
      app.log.warn({ grace_ms: graceMs }, 'shutdown grace over: closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs);
    grace.unref();
    // A stuck worker or pool must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), graceMs + 10_000);
    force.unref();
    try {
      await app.close();
      await handle.destroy();
      clearTimeout(grace);
      process.exit(cut ? 1 : 0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // After "Server listening…": the last thing the operator reads at start.
  const warning = developmentModeWarning(config);
  if (warning) app.log.warn(warning);
}

main().catch((err: unknown) => {
  process.stderr.write(`Avvio non riuscito: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

import { buildApp } from './app';
import { ConfigError, developmentModeWarning, loadConfig } from './config';
import type { Config } from './config';
import { createDb, migrate } from './db';
import { seedDemoData } from './demo-seed';

/** config → database → migrations → demo seed (first start) → listen; SIGTERM/SIGINT close cleanly. */
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

  const handle = createDb(config.databaseUrl);
  await migrate(handle.db);
  const app = await buildApp(config, { db: handle.db });
  if (config.seedDemoData && (await seedDemoData(handle.db))) app.log.info('demo data seeded');

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A second signal or a stuck connection must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await handle.destroy();
      process.exit(0);
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

// Starts the real server for the end-to-end suite on a fresh temporary database and storage folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'checkout-e2e-'));
const port = process.env.E2E_PORT ?? '3107';
// Where this run's database is, for specs that run an operator command against it (e2e/specs/cli.ts).
const runFile = path.join(tmpdir(), `checkout-e2e-${port}.json`);
const databaseUrl = `sqlite:${path.join(dir, 'e2e.db')}`;
// The provider's webhook: the port after the server's, listened on only by the spec that plays the provider
// (e2e/specs/provider.ts); meanwhile the events wait in the outbox, as they would for a provider that is down.
const webhookPort = String(Number(port) + 1);
const webhookSecret = `whsec_${Buffer.from('e2e-webhook-secret-0123456789abcdef').toString('base64')}`;
writeFileSync(runFile, JSON.stringify({
  DATABASE_URL: databaseUrl, STORAGE_DIR: path.join(dir, 'storage'), PORT: port, WEBHOOK_PORT: webhookPort, WEBHOOK_SECRET: webhookSecret,
}));
const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    STORAGE_DIR: path.join(dir, 'storage'),
    RATE_LIMIT_MAX: '100000',
    OTP_SENDS_PER_IP_PER_HOUR: '10000',
    PREMADE_FREE_FAILURES_PER_CLIENT: '10000',
    CONSOLE_RATE_LIMIT_MAX: '100000',
    PROVIDER_RATE_LIMIT_MAX: '100000',
    WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/eventi`,
    WEBHOOK_SECRET: webhookSecret,
    EVENT_DELIVERY_POLL_MS: '200',
    LOG_LEVEL: 'warn',
  },
});
const stop = (signal) => { child.kill(signal); };
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(runFile, { force: true });
  process.exit(code ?? 0);
});

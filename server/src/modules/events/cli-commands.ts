import { Webhook } from 'standardwebhooks';
import { optionValue, parseCliArgs, UsageError } from '../../cli/args';
import type { CliCommand } from '../../cli/command';
import type { Out } from '../../cli/run';
import { startWebhookReceiver } from './webhook-receiver';
import type { RunningReceiver } from './webhook-receiver';

export const WEBHOOK_RECEIVER_USAGE = 'webhook-receiver [--port 4000] [--secret whsec_…] [--host 127.0.0.1] [--json]';

/** Until the operator presses Ctrl-C (or the process is told to stop). */
const untilInterrupted = (): Promise<void> => new Promise((resolve) => {
  const stop = (): void => { process.off('SIGINT', stop); process.off('SIGTERM', stop); resolve(); };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});

/**
 * `webhook-receiver`: a local receiver that verifies and prints the events (webhook-receiver.ts). The
 * secret defaults to WEBHOOK_SECRET, so a developer points WEBHOOK_URL at it and sees their own events.
 */
export async function webhookReceiverCommand(
  args: string[], out: Out, defaults: { secret?: string | undefined }, running: (r: RunningReceiver) => Promise<void> = untilInterrupted,
): Promise<number> {
  const p = parseCliArgs(args, { port: 'string', secret: 'string', host: 'string', json: 'boolean' });
  if (p.positional.length > 0) throw new UsageError(`Argomenti non previsti: ${p.positional.join(' ')}`);
  const secret = optionValue(p, 'secret') ?? defaults.secret;
  if (!secret) throw new UsageError('Manca --secret (o WEBHOOK_SECRET): il segreto whsec_… con cui il server firma gli eventi.');
  try {
    new Webhook(secret);
  } catch {
    throw new UsageError('--secret non valido: usare whsec_ seguito dalla codifica base64 del segreto.');
  }
  const host = optionValue(p, 'host') ?? '127.0.0.1';
  const rawPort = optionValue(p, 'port') ?? '4000';
  // 0: any free port (printed below).
  if (!/^\d{1,5}$/.test(rawPort) || Number(rawPort) > 65_535) throw new UsageError('--port deve essere un intero tra 0 e 65535');
  const receiver = await startWebhookReceiver({ port: Number(rawPort), host, secret, out, json: p.options.has('json') });
  out(`In ascolto su http://${host.includes(':') ? `[${host}]` : host}:${receiver.port}/ (Ctrl-C per uscire). Impostare WEBHOOK_URL su questo indirizzo.`);
  try {
    await running(receiver);
  } finally {
    await receiver.close();
  }
  return 0;
}

export const eventsCliCommands = (): Record<string, CliCommand> => ({
  'webhook-receiver': {
    summary: 'Riceve gli eventi firmati (Standard Webhooks), verifica la firma e li stampa',
    usage: WEBHOOK_RECEIVER_USAGE,
    run: async (args, { config, out }) => {
      try {
        return await webhookReceiverCommand(args, out, { secret: config.webhook.secret });
      } catch (err) {
        if (err instanceof UsageError) { out(err.message); out(`Uso: npm run cli -- ${WEBHOOK_RECEIVER_USAGE}`); return 2; }
        throw err;
      }
    },
  },
});

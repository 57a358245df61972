import { OPERATOR_ROLES } from '@checkout/contract';
import type { OperatorRole } from '@checkout/contract';
import { z } from 'zod';
import { optionValue, parseCliArgs, UsageError } from '../../cli/args';
import type { CliCommand } from '../../cli/command';
import { runWithDb } from '../../cli/run';
import type { Out } from '../../cli/run';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createOperator } from './operators';

export const CREATE_OPERATOR_USAGE = `create-operator EMAIL --role ${OPERATOR_ROLES.join('|')} [--name NOME] [--json]`;

/**
 * `create-operator`: a pending operator and the one-time setup link (24 hours) where they set a password
 * and two-factor. How the first admin comes to be; later ones an admin creates in the console.
 */
export async function createOperatorCommand(db: Db, config: Pick<Config, 'publicBaseUrl'>, args: string[], out: Out, now: Date = new Date()): Promise<number> {
  const p = parseCliArgs(args, { role: 'string', name: 'string', json: 'boolean' });
  const [emailArg, ...extra] = p.positional;
  if (!emailArg || extra.length > 0) throw new UsageError("Indicare un'email (una sola)");
  const email = z.email().max(254).safeParse(emailArg.trim().toLowerCase());
  if (!email.success) throw new UsageError(`Email non valida: ${emailArg}`);
  const role = optionValue(p, 'role');
  if (!role || !(OPERATOR_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role deve essere uno di: ${OPERATOR_ROLES.join(', ')}`);
  const name = (optionValue(p, 'name') ?? email.data.split('@')[0] ?? email.data).trim().slice(0, 100);
  if (name === '') throw new UsageError('--name non può essere vuoto');
  // The CLI acts for nobody the console knows: the record says so with the null operator and `cli`.
  const created = await createOperator(db, config, { email: email.data, name, role: role as OperatorRole }, { operatorId: null, operatorEmail: null, ip: null, userAgent: 'cli' }, now);
  if (p.options.has('json')) {
    out(JSON.stringify({ operator_id: created.operator.id, email: created.operator.email, role: created.operator.role, setup_url: created.setup_url, expires_at: created.expires_at }));
  } else {
    out(`Operatore creato: ${created.operator.email} (${created.operator.role}).`);
    out(`Link di attivazione (una sola volta, valido fino al ${created.expires_at}):`);
    out(created.setup_url);
    out("Aprilo per scegliere la password e configurare l'autenticazione a due fattori.");
  }
  return 0;
}

export const consoleAuthCliCommands = (): Record<string, CliCommand> => ({
  'create-operator': {
    summary: "Crea un operatore della console e stampa il suo link di attivazione (24 ore)",
    usage: CREATE_OPERATOR_USAGE,
    run: (args, { config, out }) => runWithDb(config, (db, a, o) => createOperatorCommand(db, config, a, o), args, out, CREATE_OPERATOR_USAGE),
  },
});

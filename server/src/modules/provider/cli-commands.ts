import { PROVIDER_SCOPES } from '@checkout/contract';
import { parseCliArgs, optionValue, UsageError } from '../../cli/args';
import type { CliCommand } from '../../cli/command';
import { table } from '../../cli/output';
import { runWithDb } from '../../cli/run';
import type { Out } from '../../cli/run';
import type { Db } from '../../db';
import { createProviderToken, listProviderTokens, revokeProviderToken } from './tokens';
import type { TokenAdmin } from './tokens';

export const CREATE_PROVIDER_TOKEN_USAGE = `create-provider-token NOME --scopes ${PROVIDER_SCOPES.join(',')} [--json]`;
export const LIST_PROVIDER_TOKENS_USAGE = 'list-provider-tokens [--json]';
export const REVOKE_PROVIDER_TOKEN_USAGE = 'revoke-provider-token ID [--json]';

// The CLI acts for nobody the console knows: the audit record says so with the null operator and `cli`.
const CLI: TokenAdmin = { operatorId: null, operatorEmail: null, ip: null, userAgent: 'cli' };

/** `create-provider-token`: a bearer token for the provider's systems, printed once (only its SHA-256 is kept). */
export async function createProviderTokenCommand(db: Db, args: string[], out: Out, now: Date = new Date()): Promise<number> {
  const p = parseCliArgs(args, { scopes: 'string', json: 'boolean' });
  if (p.positional.length !== 1) throw new UsageError('Indicare un nome per il token (uno solo; tra virgolette se ha spazi)');
  const scopes = (optionValue(p, 'scopes') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (scopes.length === 0) throw new UsageError(`--scopes richiede almeno uno tra: ${PROVIDER_SCOPES.join(', ')}`);
  const unknown = scopes.filter((s) => !(PROVIDER_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) throw new UsageError(`Permessi sconosciuti: ${unknown.join(', ')} (ammessi: ${PROVIDER_SCOPES.join(', ')})`);
  const { token, record } = await createProviderToken(db, { name: p.positional[0]!, scopes }, CLI, now);
  if (p.options.has('json')) {
    out(JSON.stringify({ ...record, token }));
  } else {
    out(`Token creato: ${record.name} (${record.scopes.join(', ')}), id ${record.id}.`);
    out('Copialo ora: non sarà più mostrato.');
    out(token);
    out('Il sistema del fornitore lo invia come «Authorization: Bearer <token>» alle chiamate /api/provider/….');
  }
  return 0;
}

/** `list-provider-tokens`: every token with its scopes, last use and revocation (never the secret). */
export async function listProviderTokensCommand(db: Db, args: string[], out: Out): Promise<number> {
  const p = parseCliArgs(args, { json: 'boolean' });
  if (p.positional.length > 0) throw new UsageError('Nessun argomento atteso');
  const tokens = await listProviderTokens(db);
  if (p.options.has('json')) { out(JSON.stringify(tokens)); return 0; }
  if (tokens.length === 0) { out('Nessun token.'); return 0; }
  for (const line of table([
    ['ID', 'NOME', 'INIZIO', 'PERMESSI', 'CREATO', 'ULTIMO USO', 'REVOCATO'],
    ...tokens.map((t) => [t.id, t.name, `${t.token_prefix}…`, t.scopes.join(','), t.created_at, t.last_used_at ?? '-', t.revoked_at ?? '-']),
  ])) out(line);
  return 0;
}

/** `revoke-provider-token`: the token stops working at once (its calls answer 401). */
export async function revokeProviderTokenCommand(db: Db, args: string[], out: Out, now: Date = new Date()): Promise<number> {
  const p = parseCliArgs(args, { json: 'boolean' });
  const [id, ...extra] = p.positional;
  if (!id || extra.length > 0) throw new UsageError("Indicare l'id del token (vedi list-provider-tokens)");
  const { record, revoked } = await revokeProviderToken(db, id.trim().slice(0, 64), CLI, now);
  if (p.options.has('json')) out(JSON.stringify({ ...record, newly_revoked: revoked }));
  else out(revoked ? `Token revocato: ${record.name} (${record.id}).` : `Il token ${record.name} era già revocato il ${record.revoked_at}.`);
  return 0;
}

export const providerCliCommands = (): Record<string, CliCommand> => ({
  'create-provider-token': {
    summary: 'Crea un token per l’API del fornitore e lo stampa (una sola volta)',
    usage: CREATE_PROVIDER_TOKEN_USAGE,
    run: (args, { config, out }) => runWithDb(config, (db, a, o) => createProviderTokenCommand(db, a, o), args, out, CREATE_PROVIDER_TOKEN_USAGE),
  },
  'list-provider-tokens': {
    summary: 'Elenca i token dell’API del fornitore',
    usage: LIST_PROVIDER_TOKENS_USAGE,
    run: (args, { config, out }) => runWithDb(config, listProviderTokensCommand, args, out, LIST_PROVIDER_TOKENS_USAGE),
  },
  'revoke-provider-token': {
    summary: 'Revoca un token dell’API del fornitore',
    usage: REVOKE_PROVIDER_TOKEN_USAGE,
    run: (args, { config, out }) => runWithDb(config, (db, a, o) => revokeProviderTokenCommand(db, a, o), args, out, REVOKE_PROVIDER_TOKEN_USAGE),
  },
});

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CUSTOMER_TYPES, ORDER_STATUSES, normaliseMobileNumber } from '@checkout/contract';
import type { CustomerType } from '@checkout/contract';
import { z } from 'zod';
import { intOption, optionValue, parseCliArgs, UsageError } from '../../cli/args';
import type { CliCommand } from '../../cli/command';
import { table } from '../../cli/output';
import { runWithDb } from '../../cli/run';
import type { Out } from '../../cli/run';
import type { Db } from '../../db';
import { openStorage } from '../../infra/storage';
import type { FileStorage } from '../../infra/storage';
import { brandInitials, findOrderByHash, getOrderForSignature, parseStoredFields } from '../orders';
import { preparePremadeOrder } from './prepare-premade';
import { buildEvidenceBundle, EvidenceIntegrityError } from '../signature';

// The address is required in practice (an order at an address the coverage data does not know is refused);
// only the console, with its audit log, may prepare one with the operator's own statement of the line.
export const CREATE_PREMADE_USAGE = 'create-premade-order --offer ID --address-id ID_EGON [--first-name N --last-name N --email E --phone N] '
  + '[--customer-type privato|business] [--options 10,28] [--days 30] [--json]';
export const LIST_ORDERS_USAGE = 'list-orders [--status S] [--limit N] [--json]';
export const EXPORT_EVIDENCE_USAGE = 'export-evidence ORDER_HASH [--out DIR] [--json]';

const optional = (v: string | undefined): string => (v === undefined ? '' : v.trim());

/**
 * `create-premade-order`: prints the code the customer types at /attiva/fill-order/pre/<code>. With the
 * customer's data the mobile number is required: the code then shows only the offer and the address, and
 * the order opens with a one-time code sent to that number (docs/side-flows.md).
 */
export async function createPremadeOrderCommand(db: Db, args: string[], out: Out, now: Date = new Date(), numberPrefix?: string): Promise<number> {
  const p = parseCliArgs(args, {
    offer: 'string', 'first-name': 'string', 'last-name': 'string', email: 'string', phone: 'string', 'address-id': 'string',
    'customer-type': 'string', options: 'string', days: 'string', json: 'boolean',
  });
  if (p.positional.length > 0) throw new UsageError(`Argomenti inattesi: ${p.positional.join(' ')}`);
  const offerId = intOption(p, 'offer', 0, 1_000_000);
  if (offerId === 0) throw new UsageError('--offer è obbligatorio');
  const email = optional(optionValue(p, 'email'));
  if (email !== '' && !z.email().safeParse(email).success) throw new UsageError(`Email non valida: ${email}`);
  const phoneRaw = optionValue(p, 'phone');
  const phone = phoneRaw === undefined ? '' : normaliseMobileNumber(phoneRaw);
  if (phone !== '' && !/^3\d{8,9}$/.test(phone)) throw new UsageError(`Cellulare non valido: ${phoneRaw ?? ''}`);
  const customerType = (optionValue(p, 'customer-type') ?? 'privato') as CustomerType;
  if (!CUSTOMER_TYPES.includes(customerType)) throw new UsageError('--customer-type deve essere privato o business');
  const optionsRaw = optionValue(p, 'options');
  const optionIds = optionsRaw === undefined ? [] : optionsRaw.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  if (optionIds.some((n) => !Number.isInteger(n) || n < 1)) throw new UsageError('--options: id numerici separati da virgola');
  const days = intOption(p, 'days', 30, 365);
  const addressId = optionValue(p, 'address-id');

  const firstName = optional(optionValue(p, 'first-name'));
  const lastName = optional(optionValue(p, 'last-name'));
  if ((firstName !== '' || lastName !== '' || email !== '') && phone === '') {
    throw new UsageError("--phone è obbligatorio con i dati del cliente: l'ordine si aprirà con un codice inviato a quel cellulare");
  }

  const created = await preparePremadeOrder(db, {
    offerId, customerType, optionIds, validDays: days, now,
    ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}), ...(email ? { email } : {}), ...(phone ? { phone } : {}),
    ...(addressId ? { addressId } : {}), ...(numberPrefix ? { numberPrefix } : {}),
  });
  const needsCode = created.needs_code;
  if (p.options.has('json')) {
    out(JSON.stringify({
      code: created.code, order_hash: created.hash, offer_id: offerId, expires_at: created.expires_at, path: created.path, needs_code: needsCode,
    }));
  } else {
    out(`Ordine pre-compilato creato. Codice: ${created.code}`);
    out(`Scade il: ${created.expires_at}`);
    out(`Pagina: ${created.path}`);
    out(needsCode
      ? `Il codice mostra solo offerta e indirizzo: il cliente apre l'ordine con un codice via SMS al ${created.masked_phone ?? ''}.`
      : "L'ordine non contiene dati personali: il codice lo apre direttamente.");
  }
  return 0;
}

/** `list-orders`: the newest orders first, with their pre-made code and expiry. */
export async function listOrdersCommand(db: Db, args: string[], out: Out): Promise<number> {
  const p = parseCliArgs(args, { status: 'string', limit: 'string', json: 'boolean' });
  const status = optionValue(p, 'status');
  if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
    throw new UsageError(`--status deve essere uno di: ${ORDER_STATUSES.join(', ')}`);
  }
  const limit = intOption(p, 'limit', 20);
  let q = db.selectFrom('orders')
    .select(['hash', 'status', 'offer_id', 'customer_type', 'premade_code', 'expires_at', 'created_at', 'fields_json'])
    .orderBy('created_at', 'desc').orderBy('id').limit(limit);
  if (status) q = q.where('status', '=', status);
  const rows = (await q.execute()).map(({ fields_json, ...r }) => {
    const f = parseStoredFields(fields_json);
    return { ...r, name: [f.first_name, f.last_name].filter((v) => typeof v === 'string' && v !== '').join(' ') || String(f.ragione_sociale ?? '') };
  });
  if (p.options.has('json')) { out(JSON.stringify(rows)); return 0; }
  if (rows.length === 0) { out('Nessun ordine.'); return 0; }
  for (const line of table([
    ['CREATO', 'STATO', 'OFFERTA', 'HASH', 'CODICE', 'SCADENZA', 'NOME'],
    ...rows.map((r) => [r.created_at, r.status, String(r.offer_id), r.hash, r.premade_code ?? '-', r.expires_at ?? '-', r.name]),
  ])) out(line);
  return 0;
}

/**
 * `export-evidence`: writes the order's evidence bundle (the customer's same download: sealed contract,
 * summary, event log, manifest of SHA-256) into DIR (default ./evidence). A stored file whose SHA-256 no
 * longer matches the recorded one is reported and fails the command: the copy would not prove anything.
 */
export async function exportEvidenceCommand(db: Db, args: string[], out: Out, storage: FileStorage, now: Date = new Date(), provider = 'Fibra Viva'): Promise<number> {
  const p = parseCliArgs(args, { out: 'string', json: 'boolean' });
  const hash = p.positional[0];
  if (!hash || p.positional.length > 1) throw new UsageError("Indicare l'hash di un ordine");
  const order = await findOrderByHash(db, hash);
  if (!order) { out('Ordine non trovato.'); return 1; }
  let bundle;
  try {
    bundle = await buildEvidenceBundle(db, storage, await getOrderForSignature(db, hash), provider, now);
  } catch (err) {
    if (!(err instanceof EvidenceIntegrityError)) throw err;
    out(`ATTENZIONE: ${err.file} non corrisponde a quello registrato alla firma (SHA-256 registrato ${err.recorded}, attuale ${err.actual}). Nessun file scritto.`);
    return 1;
  }
  if (!bundle) { out("L'ordine non è firmato: nessuna evidenza da esportare."); return 1; }
  const dir = path.resolve(optionValue(p, 'out') ?? 'evidence');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `evidenze-firma-${order.order_number}.zip`);
  await writeFile(file, bundle.zip);
  const signed = bundle.manifest.recorded.signed_contract_sha256;
  if (p.options.has('json')) out(JSON.stringify({ bundle: file, signed_sha256: signed, files: bundle.manifest.files }));
  else {
    out(`Evidenze: ${file}`);
    for (const f of bundle.manifest.files) out(`  ${f.sha256}  ${f.name}`);
    out(`SHA-256 del contratto firmato verificato: ${signed}`);
  }
  return 0;
}

export const premadeCliCommands = (): Record<string, CliCommand> => ({
  'create-premade-order': {
    summary: 'Crea un ordine pre-compilato e stampa il codice da dare al cliente',
    usage: CREATE_PREMADE_USAGE,
    run: (args, { config, out }) =>
      runWithDb(config, (db, a, o) => createPremadeOrderCommand(db, a, o, new Date(), brandInitials(config.brandName)), args, out, CREATE_PREMADE_USAGE),
  },
  'list-orders': {
    summary: 'Elenca gli ordini (i più recenti per primi)',
    usage: LIST_ORDERS_USAGE,
    run: (args, { config, out }) => runWithDb(config, listOrdersCommand, args, out, LIST_ORDERS_USAGE),
  },
  'export-evidence': {
    summary: "Esporta in un archivio ZIP le evidenze della firma di un ordine (contratto sigillato, sintesi, registro, SHA-256)",
    usage: EXPORT_EVIDENCE_USAGE,
    run: (args, { config, out }) => runWithDb(config, (db, a, o) => exportEvidenceCommand(db, a, o, openStorage(config, db), new Date(), config.brandName), args, out, EXPORT_EVIDENCE_USAGE),
  },
});

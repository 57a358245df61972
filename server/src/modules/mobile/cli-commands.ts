import { intOption, optionValue, parseCliArgs, UsageError } from '../../cli/args';
import type { CliCommand } from '../../cli/command';
import { table } from '../../cli/output';
import { runWithDb } from '../../cli/run';
import type { Out } from '../../cli/run';
import type { Db } from '../../db';
import { recordCliRead } from '../audit';
import { MOBILE_STATUSES, listMobileOrders } from './repository';
import { createMobileOrder } from './service';

export const CREATE_MOBILE_USAGE = 'create-mobile-order --phone N --iccid ICCID [--donor OPERATORE --number-to-port N '
  + '[--old-iccid ICCID] [--holder-first-name N --holder-last-name N --holder-cf CF]] [--json]';
export const LIST_MOBILE_USAGE = 'list-mobile-orders [--status S] [--limit N] [--json]';

/** `create-mobile-order`: prints the short hash (page link) and the order number (SIM letter). */
export async function createMobileOrderCommand(db: Db, args: string[], out: Out): Promise<number> {
  const p = parseCliArgs(args, {
    phone: 'string', iccid: 'string', donor: 'string', 'number-to-port': 'string', 'old-iccid': 'string',
    'holder-first-name': 'string', 'holder-last-name': 'string', 'holder-cf': 'string', json: 'boolean',
  });
  if (p.positional.length > 0) throw new UsageError(`Argomenti inattesi: ${p.positional.join(' ')}`);
  const phone = optionValue(p, 'phone');
  const iccid = optionValue(p, 'iccid');
  if (!phone || !iccid) throw new UsageError('--phone e --iccid sono obbligatori');
  const opt = (name: string): string | undefined => optionValue(p, name);
  const created = await createMobileOrder(db, {
    mobilePhoneNumber: phone, iccid,
    ...(opt('donor') !== undefined ? { donorOperator: opt('donor') } : {}),
    ...(opt('number-to-port') !== undefined ? { numberToPort: opt('number-to-port') } : {}),
    ...(opt('old-iccid') !== undefined ? { oldIccid: opt('old-iccid') } : {}),
    ...(opt('holder-first-name') !== undefined ? { holderFirstName: opt('holder-first-name') } : {}),
    ...(opt('holder-last-name') !== undefined ? { holderLastName: opt('holder-last-name') } : {}),
    ...(opt('holder-cf') !== undefined ? { holderCf: opt('holder-cf') } : {}),
  });
  if (p.options.has('json')) {
    out(JSON.stringify({ short_hash: created.short_hash, order_number: created.order_number, status: created.status, iccid: created.iccid }));
  } else {
    out(`Ordine mobile creato. Numero d'ordine: ${created.order_number}`);
    out(`Short hash: ${created.short_hash}`);
    out(`Stato: ${created.status}`);
  }
  return 0;
}

/** `list-mobile-orders`: the newest first (ICCID shown only by its last 5 digits). */
export async function listMobileOrdersCommand(db: Db, args: string[], out: Out): Promise<number> {
  const p = parseCliArgs(args, { status: 'string', limit: 'string', json: 'boolean' });
  const status = optionValue(p, 'status');
  if (status !== undefined && !(MOBILE_STATUSES as readonly string[]).includes(status)) {
    throw new UsageError(`--status deve essere uno di: ${MOBILE_STATUSES.join(', ')}`);
  }
  const rows = (await listMobileOrders(db, { limit: intOption(p, 'limit', 20), ...(status ? { status } : {}) })).map((r) => ({
    order_number: r.order_number, short_hash: r.short_hash, status: r.status, mobile_phone_number: r.mobile_phone_number,
    iccid_last5: r.iccid.slice(-5), donor_operator: r.donor_operator, activation_attempts: r.activation_attempts, created_at: r.created_at,
  }));
  // Mobile numbers in clear: on record like the console's list.
  await recordCliRead(db, 'mobile_orders_listed', { filters: status ? { status } : {}, shown: rows.length });
  if (p.options.has('json')) { out(JSON.stringify(rows)); return 0; }
  if (rows.length === 0) { out('Nessun ordine mobile.'); return 0; }
  for (const line of table([
    ['CREATO', 'NUMERO', 'STATO', 'SHORT HASH', 'CELLULARE', 'ICCID', 'TENTATIVI'],
    ...rows.map((r) => [r.created_at, r.order_number, r.status, r.short_hash, r.mobile_phone_number, `…${r.iccid_last5}`, String(r.activation_attempts)]),
  ])) out(line);
  return 0;
}

export const mobileCliCommands = (): Record<string, CliCommand> => ({
  'create-mobile-order': {
    summary: "Crea un ordine mobile e stampa short hash e numero d'ordine",
    usage: CREATE_MOBILE_USAGE,
    run: (args, { config, out }) => runWithDb(config, createMobileOrderCommand, args, out, CREATE_MOBILE_USAGE),
  },
  'list-mobile-orders': {
    summary: 'Elenca gli ordini mobile',
    usage: LIST_MOBILE_USAGE,
    run: (args, { config, out }) => runWithDb(config, listMobileOrdersCommand, args, out, LIST_MOBILE_USAGE),
  },
});

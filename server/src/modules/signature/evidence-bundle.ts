import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { FileStorage } from '../../infra/storage';
import { listOrderMedias } from '../documents';
import type { MediaRow } from '../documents';
import { consentHistory } from '../orders';
import type { OrderForSignature } from '../orders';
import { identityDocumentOf } from './contract-data';
import type { Conn, DocumentRow } from './repository';

/*
 * The evidence of a signature as one file anyone can check without us: the sealed contract, its summary,
 * the event log and a manifest of SHA-256 hashes (also as SHA256SUMS, for `sha256sum -c`). The identity
 * document itself stays out (it is personal data the signer already has); its hash is in the manifest.
 * Read-only: nothing here writes, so the append-only evidence stays as it was.
 */

export const BUNDLE_FORMAT = 'evidenze-firma/1';

export interface BundleFileEntry { name: string; sha256: string; bytes: number; description: string }

export interface BundleManifest {
  format: typeof BUNDLE_FORMAT;
  provider: string;
  order_number: string;
  signed_at: string;
  generated_at: string;
  files: BundleFileEntry[];
  /** What the database recorded at signing time: the files above must match it. */
  recorded: {
    signed_contract_sha256: string;
    contract_before_evidence_page_sha256: string;
    contract_summary_sha256: string | null;
    identity_documents: Array<{ kind: string; mime: string; bytes: number; sha256: string; uploaded_at: string }>;
  };
}

export interface EvidenceBundle {
  /** The ZIP's bytes. */
  zip: Uint8Array;
  manifest: BundleManifest;
}

/** The stored file no longer has the hash recorded for it: the bundle would prove nothing. */
export class EvidenceIntegrityError extends Error {
  constructor(readonly file: string, readonly recorded: string, readonly actual: string) {
    super(`${file}: SHA-256 ${actual} differs from the recorded ${recorded}`);
  }
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function readVerified(storage: FileStorage, row: DocumentRow, name: string): Promise<Uint8Array> {
  const bytes = await storage.readAll(storage.keyOf(row.path));
  const actual = sha256(bytes);
  if (actual !== row.sha256) throw new EvidenceIntegrityError(name, row.sha256, actual);
  return bytes;
}

/** A JSON value parsed from a stored column, or the raw text when it is not JSON (never thrown away). */
const parsedJson = (text: string | null): unknown => {
  if (text === null) return null;
  try { return JSON.parse(text) as unknown; } catch { return text; }
};

interface LogEvent { at: string; event: string; [detail: string]: unknown }

async function eventLog(db: Conn, order: OrderForSignature, medias: readonly MediaRow[]): Promise<LogEvent[]> {
  const [consents, documents, codes, signatures, withdrawals, consentChanges, numberChanges] = await Promise.all([
    consentHistory(db, order.id),
    db.selectFrom('contract_documents').select(['kind', 'sha256', 'created_at']).where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('signature_otps').selectAll().where('order_id', '=', order.id).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('signature_evidence').selectAll().where('order_id', '=', order.id).orderBy('signed_at').orderBy('id').execute(),
    db.selectFrom('withdrawals').selectAll().where('order_id', '=', order.id).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('consent_changes').selectAll().where('order_id', '=', order.id).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('mobile_number_changes').selectAll().where('order_id', '=', order.id).orderBy('created_at').orderBy('id').execute(),
  ]);
  const challenge = (name: string, rows: typeof withdrawals): LogEvent[] => rows.flatMap((r) => [
    { at: r.created_at, event: `${name}_codice_inviato`, channel: r.channel, masked_destination: r.masked_destination, ip: r.ip, user_agent: r.user_agent },
    ...(r.confirmed_at ? [{ at: r.confirmed_at, event: `${name}_confermato`, channel: r.channel, masked_destination: r.masked_destination }] : []),
  ]);
  const events: LogEvent[] = [
    { at: order.created_at, event: 'ordine_creato', customer_type: order.customer_type, offer_id: order.offer_id },
    ...consents.map((c) => ({
      at: c.recorded_at, event: c.granted === 1 ? 'consenso_dato' : 'consenso_negato',
      consent: c.consent, text_version: c.text_version, text_sha256: c.text_sha256, channel: c.channel,
    })),
    ...medias.map((m) => ({ at: m.created_at, event: 'documento_caricato', kind: m.kind, mime: m.mime, bytes: m.size, sha256: m.sha256 })),
    ...documents.filter((d) => d.kind !== 'signed').map((d) => ({
      at: d.created_at, event: d.kind === 'summary' ? 'sintesi_generata' : 'anteprima_generata', sha256: d.sha256,
    })),
    ...codes.map((c) => ({
      at: c.created_at, event: 'codice_firma_inviato', channel: c.channel, masked_destination: c.masked_destination, ip: c.ip,
      document_sha256: c.document_sha256, expires_at: c.expires_at, wrong_attempts: c.attempts,
      outcome: c.used_at ? 'usato' : c.invalidated_at ? 'annullato' : 'non usato', acceptances: parsedJson(c.acceptances_json),
    })),
    ...documents.filter((d) => d.kind === 'signed').map((d) => ({ at: d.created_at, event: 'contratto_firmato_generato', sha256: d.sha256 })),
    ...signatures.map((s) => ({
      at: s.signed_at, event: 'firma', channel: s.channel, masked_destination: s.masked_destination, ip: s.ip, user_agent: s.user_agent,
      contract_before_evidence_page_sha256: s.preview_sha256, signed_contract_sha256: s.signed_sha256, acceptances: parsedJson(s.acceptances_json),
    })),
    ...challenge('recesso', withdrawals),
    ...challenge('modifica_consensi', consentChanges),
    // Both numbers masked: the code went to the new one, the notice to the previous one.
    ...numberChanges.flatMap((r) => challenge('cambio_cellulare', [r]).map((e) => ({ ...e, previous_masked_destination: r.previous_masked_destination }))),
  ];
  // Stable: events of the same instant keep the order above, which is the order things happen in.
  return events.map((e, i) => [e, i] as const).sort(([a, i], [b, j]) => a.at.localeCompare(b.at) || i - j).map(([e]) => e);
}

const README = (provider: string, orderNumber: string): string => `EVIDENZE DELLA FIRMA - ${provider} - ordine ${orderNumber}

Questo archivio contiene le prove della firma elettronica avanzata del contratto:
- contratto-firmato.pdf: il contratto firmato, con la pagina delle evidenze e la sintesi contrattuale
  in coda, chiuso dal sigillo elettronico di ${provider}. Qualsiasi lettore PDF (Adobe Acrobat Reader,
  o "pdfsig" di poppler) mostra se il file è stato modificato dopo la firma.
- sintesi-contrattuale.pdf: la sintesi contrattuale letta prima della firma (Reg. UE 2019/2243); il suo
  SHA-256 è stampato nel contratto.
- registro-eventi.json: gli eventi dell'ordine in ordine di tempo (consensi, documenti caricati con il
  loro SHA-256, codici inviati, cambi del numero di cellulare, firma, recesso).
- manifest.json: l'elenco dei file con il loro SHA-256 e i valori registrati al momento della firma.
- SHA256SUMS: gli stessi SHA-256, da verificare con il comando "sha256sum -c SHA256SUMS".

Il documento d'identità non è incluso: il manifest ne riporta solo lo SHA-256.
`;

/** The signature evidence of a signed order as a ZIP, or null when the order was never signed. */
export async function buildEvidenceBundle(db: Conn, storage: FileStorage, order: OrderForSignature, provider: string, now: Date): Promise<EvidenceBundle | null> {
  const evidence = await db.selectFrom('signature_evidence').selectAll().where('order_id', '=', order.id)
    .orderBy('signed_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!evidence) return null;
  const signedRow = await db.selectFrom('contract_documents').selectAll().where('order_id', '=', order.id)
    .where('kind', '=', 'signed').where('sha256', '=', evidence.signed_sha256).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!signedRow) throw new EvidenceIntegrityError('contratto-firmato.pdf', evidence.signed_sha256, 'missing');
  // The summary read with the signed preview: the one made from the same order content.
  const preview = await db.selectFrom('contract_documents').select('content_hash').where('order_id', '=', order.id)
    .where('kind', '=', 'preview').where('sha256', '=', evidence.preview_sha256).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const summaryRow = preview?.content_hash
    ? await db.selectFrom('contract_documents').selectAll().where('order_id', '=', order.id).where('kind', '=', 'summary')
      .where('content_hash', '=', preview.content_hash).where('created_at', '<=', evidence.signed_at).orderBy('id', 'desc').limit(1).executeTakeFirst()
    : undefined;

  const files: Array<{ name: string; bytes: Uint8Array; description: string }> = [
    { name: 'contratto-firmato.pdf', bytes: await readVerified(storage, signedRow, 'contratto-firmato.pdf'), description: 'Contratto firmato con pagina delle evidenze, sintesi e sigillo elettronico' },
  ];
  if (summaryRow) {
    files.push({ name: 'sintesi-contrattuale.pdf', bytes: await readVerified(storage, summaryRow, 'sintesi-contrattuale.pdf'), description: 'Sintesi contrattuale letta prima della firma (Reg. UE 2019/2243)' });
  }
  const medias = await listOrderMedias(db, order.id);
  const log = {
    order_number: order.order_number,
    status: order.status,
    identity_document: identityDocumentOf(order.fields),
    events: await eventLog(db, order, medias),
  };
  files.push({ name: 'registro-eventi.json', bytes: strToU8(`${JSON.stringify(log, null, 2)}\n`), description: "Registro degli eventi dell'ordine" });
  files.push({ name: 'LEGGIMI.txt', bytes: strToU8(README(provider, order.order_number)), description: 'Come verificare questo archivio' });

  const identityDocuments = medias.filter((m) => m.kind === 'identity_document')
    .map((m) => ({ kind: m.kind, mime: m.mime, bytes: m.size, sha256: m.sha256, uploaded_at: m.created_at }));
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    provider,
    order_number: order.order_number,
    signed_at: evidence.signed_at,
    generated_at: now.toISOString(),
    files: files.map((f) => ({ name: f.name, sha256: sha256(f.bytes), bytes: f.bytes.length, description: f.description })),
    recorded: {
      signed_contract_sha256: evidence.signed_sha256,
      contract_before_evidence_page_sha256: evidence.preview_sha256,
      contract_summary_sha256: summaryRow?.sha256 ?? null,
      identity_documents: identityDocuments,
    },
  };
  const manifestBytes = strToU8(`${JSON.stringify(manifest, null, 2)}\n`);
  const sums = [...manifest.files.map((f) => [f.sha256, f.name] as const), [sha256(manifestBytes), 'manifest.json'] as const]
    .map(([hash, name]) => `${hash}  ${name}\n`).join('');
  const entries: Record<string, Uint8Array> = Object.fromEntries(files.map((f) => [f.name, f.bytes]));
  entries['manifest.json'] = manifestBytes;
  entries.SHA256SUMS = strToU8(sums);
  // The signing time as every entry's date: the same evidence makes the same archive entries.
  return { zip: zipSync(entries, { level: 6, mtime: new Date(evidence.signed_at) }), manifest };
}

import type { Db } from '../../db';
import { parseIstatAtecoCsvWithReport } from './ateco';
import type { AtecoCsvSkip } from './ateco';
import { replaceAteco } from './ateco-repository';

/** What an ATECO import did: the CLI prints `lines`, the console's job keeps them with the bad lines. */
export interface AtecoImportResult {
  /** Whether the list was replaced. */
  applied: boolean;
  /** Valid codes read. */
  valid: number;
  /** Codes imported (0 when not applied). */
  imported: number;
  /** Every line skipped, with its number and reason. */
  skipped: AtecoCsvSkip[];
  /** The report, in Italian, one line each (the first 50 bad lines, then the outcome). */
  lines: string[];
}

/**
 * Imports the official ISTAT ATECO CSV's text: any bad line stops the import with nothing written unless
 * `skipBad`; the replacement happens in one transaction (a few thousand rows: short on either database).
 */
export async function importAtecoText(db: Db, text: string, { skipBad, now = new Date() }: { skipBad: boolean; now?: Date }): Promise<AtecoImportResult> {
  const { entries, skipped } = parseIstatAtecoCsvWithReport(text);
  const lines: string[] = [];
  for (const s of skipped.slice(0, 50)) lines.push(`Riga ${s.line}: ${s.reason}`);
  if (skipped.length > 50) lines.push(`… e altre ${skipped.length - 50} righe scartate`);
  if (entries.length === 0) {
    lines.push('Nessun codice ATECO valido nel file: nulla è stato importato.');
    return { applied: false, valid: entries.length, imported: 0, skipped, lines };
  }
  if (skipped.length > 0 && !skipBad) {
    lines.push(`${skipped.length} righe non valide: nulla è stato importato (usa --skip-bad per importare le altre).`);
    return { applied: false, valid: entries.length, imported: 0, skipped, lines };
  }
  await db.transaction().execute((trx) => replaceAteco(trx, entries, now.toISOString()));
  lines.push(`Importati ${entries.length} codici ATECO${skipped.length ? `, ${skipped.length} righe scartate` : ''}.`);
  return { applied: true, valid: entries.length, imported: entries.length, skipped, lines };
}

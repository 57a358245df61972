import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { ALL_COLUMNS, demoCsvRecords } from './coverage-row';
import { formatCsvLine } from './csv';
import { generateDemoCoverage } from './demo-generator';

/**
 * Writes a coverage CSV of exactly `rows` data rows from the demo generator (the fixed Roma demo
 * addresses first, then every province capital in turn), streamed with backpressure.
 * Returns the number of addresses written.
 */
export async function writeCoverageCsv(file: string, options: { rows: number; seed?: number }): Promise<{ rows: number; addresses: number }> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const write = async (line: string) => { if (!out.write(`${line}\n`)) await once(out, 'drain'); };
  await write(ALL_COLUMNS.join(','));
  let rows = 0;
  let addresses = 0;
  // Every address gives at least one row, so `rows` addresses are always enough.
  outer: for (const demo of generateDemoCoverage({ size: options.rows, ...(options.seed !== undefined ? { seed: options.seed } : {}) })) {
    if (rows >= options.rows) break;
    addresses++;
    for (const record of demoCsvRecords(demo)) {
      if (rows >= options.rows) break outer;
      await write(formatCsvLine(ALL_COLUMNS.map((c) => record[c])));
      rows++;
    }
  }
  out.end();
  await once(out, 'finish');
  return { rows, addresses };
}

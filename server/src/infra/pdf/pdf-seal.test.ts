import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFsStorage } from '../storage';
import { appendEvidencePage } from './evidence-page';
import { createPdfSealer, loadSeal, selfSignedSeal } from './pdf-seal';
import { pdfText } from './pdf-text';
import { renderContractSummaryPdf } from './summary-pdf';

/*
 * The seal is checked by an independent verifier, poppler's `pdfsig` (Debian poppler-utils): valid and
 * covering the whole file when untouched, invalid once one byte of the signed content changes. The
 * development certificate is self-signed, so its trust is not what is asserted: the document's integrity is.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'seal-'));
const pdfsig = (bytes: Uint8Array, name: string): string => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (error) {
    // pdfsig exits non-zero for an invalid signature: its report is still on stdout.
    return String((error as { stdout?: string }).stdout ?? '');
  }
};

const signedContract = async (): Promise<Uint8Array> => {
  const { data, facts } = await import('./summary-sample');
  const summary = await renderContractSummaryPdf(data, facts);
  return appendEvidencePage(summary, {
    brandName: 'Fibra Viva', orderCode: 'FV-2026-K7M4Q9', signedAt: new Date('2026-03-01T10:20:30Z'), channel: 'sms',
    maskedDestination: '+39 3** *** **67', ip: '203.0.113.9', userAgent: 'vitest', previewSha256: 'a'.repeat(64),
  });
};

describe('the provider seal on the signed PDF', () => {
  const sealer = createPdfSealer({ p12: selfSignedSeal('Fibra Viva', 'test-pass'), passphrase: 'test-pass', name: 'Fibra Viva' });

  it('is valid for pdfsig and covers the whole document; the text is unchanged', async () => {
    const unsealed = await signedContract();
    const sealed = await sealer.seal(unsealed, new Date('2026-03-01T10:20:31Z'));
    const report = pdfsig(sealed, 'sealed.pdf');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toMatch(/Signer Certificate Common Name: Fibra Viva - sigillo di sviluppo/);
    expect(await pdfText(sealed)).toBe(await pdfText(unsealed));
  });

  it('is reported invalid once one byte of the signed content changes', async () => {
    const sealed = Buffer.from(await sealer.seal(await signedContract(), new Date('2026-03-01T10:20:31Z')));
    const tampered = Buffer.from(sealed);
    // The version digit of the header (`%PDF-1.7`): inside the signed byte range, and the file still parses.
    expect(tampered.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    tampered[7] = tampered[7] === 0x36 ? 0x37 : 0x36;
    const report = pdfsig(tampered, 'tampered.pdf');
    expect(report).not.toContain('Signature Validation: Signature is Valid.');
    expect(report).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('keeps the development seal in the storage folder, so a restart seals with the same certificate', async () => {
    const storageDir = mkdtempSync(path.join(tmpdir(), 'storage-'));
    const storage = createFsStorage(storageDir);
    const first = await loadSeal({ p12Path: undefined, passphrase: undefined, storage, name: 'Fibra Viva' });
    expect(existsSync(path.join(storageDir, 'seal', 'development-seal.p12'))).toBe(true);
    const again = await loadSeal({ p12Path: undefined, passphrase: undefined, storage: createFsStorage(storageDir), name: 'Fibra Viva' });
    expect(again.p12.equals(first.p12)).toBe(true);
  });
});

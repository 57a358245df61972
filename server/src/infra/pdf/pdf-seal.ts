import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
// The class, not the default instance: Node's ESM and Vitest disagree on a CommonJS module's default export.
import { SignPdf } from '@signpdf/signpdf';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import type { FileStorage } from '../storage';

/*
 * The provider's electronic seal on the signed contract: a PDF signature (adbe.pkcs7.detached, the
 * byte range covering the whole file) made with the provider's PKCS#12. Any PDF reader, and `pdfsig`,
 * then shows whether the file was changed after signing. `@signpdf` does the PDF part, node-forge the
 * certificate of the development seal (production takes a real one from configuration).
 */

export interface PdfSealer {
  /** The same document with the seal over all of it; `at` is the signing time it states. */
  seal(pdf: Uint8Array, at: Date): Promise<Buffer>;
}

export interface SealIdentity {
  /** The PKCS#12 (certificate and private key) of the seal. */
  p12: Buffer;
  passphrase: string;
  /** Who seals: the provider's name, shown by readers as the signer. */
  name: string;
}

export function createPdfSealer({ p12, passphrase, name }: SealIdentity): PdfSealer {
  return {
    async seal(pdf, at) {
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      pdflibAddPlaceholder({
        pdfDoc: doc,
        reason: `Sigillo elettronico di ${name} sul contratto firmato`,
        contactInfo: name,
        name,
        location: 'Italia',
        signingTime: at,
      });
      const prepared = await doc.save({ useObjectStreams: false });
      // A signer per document: P12Signer reads its PKCS#12 through a buffer it consumes on the first use.
      return new SignPdf().sign(Buffer.from(prepared), new P12Signer(p12, { passphrase }), at);
    },
  };
}

/**
 * A self-signed seal certificate for development and tests (RSA 2048, SHA-256, ten years), as PKCS#12.
 * The key comes from Node's own generator (fast); node-forge writes the certificate and the container.
 */
export function selfSignedSeal(name: string, passphrase: string, now = new Date()): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: `${name} - sigillo di sviluppo` },
    { name: 'organizationName', value: name },
    { name: 'countryName', value: 'IT' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** Development passphrase of the self-signed seal (production refuses to start without SEAL_P12_PATH, config.ts). */
export const DEVELOPMENT_SEAL_PASSPHRASE = 'development-seal-not-a-secret';

let generated: Buffer | null = null;

/**
 * The seal to use: the configured PKCS#12, or (outside production) the development seal kept in the
 * storage folder, made at the first start and reused after (one per process when the folder is new).
 */
export async function loadSeal(options: { p12Path: string | undefined; passphrase: string | undefined; storage: FileStorage; name: string }): Promise<SealIdentity> {
  if (options.p12Path) return { p12: await readFile(options.p12Path), passphrase: options.passphrase ?? '', name: options.name };
  // In the storage like every file the server writes: owner-only, written atomically.
  const { storage } = options;
  const key = 'seal/development-seal.p12';
  try {
    return { p12: await storage.readAll(key), passphrase: DEVELOPMENT_SEAL_PASSPHRASE, name: options.name };
  } catch {
    generated ??= selfSignedSeal(options.name, DEVELOPMENT_SEAL_PASSPHRASE);
    await storage.write(key, generated);
    return { p12: generated, passphrase: DEVELOPMENT_SEAL_PASSPHRASE, name: options.name };
  }
}

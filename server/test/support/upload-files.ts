import { pdfWith } from '../hostile/hostile-files';

/*
 * Large documents for the upload limit, memory and bench runs: real documents the server accepts,
 * made to measure without binary fixtures.
 */

/** A valid PDF of exactly `bytes` bytes (at least 1 KB): a page and an uncompressed stream of filler. */
export function pdfOfSize(bytes: number): Buffer {
  const empty = pdfWith('', ['<< /Length 0 >>\nstream\n\nendstream']);
  const filler = Math.max(0, bytes - empty.length - String(bytes).length);
  const pdf = pdfWith('', [`<< /Length ${filler} >>\nstream\n${'A'.repeat(filler)}\nendstream`]);
  // The /Length digits may differ by a few bytes from the estimate: trim or pad the filler to fit.
  return pdf.length === bytes ? pdf : pdfWith('', [`<< /Length ${filler} >>\nstream\n${'A'.repeat(filler + bytes - pdf.length)}\nendstream`]);
}

/**
 * A JPEG photo of `bytes` bytes: `width` × `height` pixels of noise (which compresses about as badly as a
 * phone photo of paper), then zeros after the image up to the size, as phone cameras append their own
 * trailers. The server re-encodes it: a decode and an encode of that many pixels.
 */
export async function photoOfSize(bytes: number, width = 4000, height = 3000): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.imul(i, 2654435761) >>> 24) & 0xff;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
  if (jpeg.length > bytes) throw new Error(`a ${width}×${height} photo takes ${jpeg.length} bytes, more than ${bytes}`);
  return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length, 0)]);
}

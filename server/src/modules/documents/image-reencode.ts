import sharp from 'sharp';

/*
 * Every accepted image is decoded and written anew by sharp (libvips), and the new bytes are what is
 * stored: whatever rode along with the pixels (comments, EXIF and XMP metadata with the phone's GPS
 * position, text chunks, data after the image) is gone, and so is any markup the screen before missed.
 * The EXIF orientation is applied to the pixels first (`rotate()`), so a portrait photo stays upright
 * once its metadata is dropped. The pixel limit refuses decompression bombs (a 100 000 × 100 000 PNG
 * is a few hundred bytes) from the header, before anything is decoded.
 */

/** A 50-megapixel phone photo passes (8160 × 6120); decoding one takes about 150 MB, so decodes run one or two at a time. */
export const MAX_INPUT_PIXELS = 50_000_000;

export class ImageRefused extends Error {
  constructor(readonly reason: 'too_many_pixels' | 'undecodable') {
    super(reason);
  }
}

// libvips' own threads: at most the two cores of the machine the checkout runs on.
sharp.concurrency(2);
// libvips' operation cache keeps decoded images around for reuse, which uploads never need.
sharp.cache(false);

const reencoder = (input: Buffer, format: 'jpg' | 'png') => {
  // `failOn: 'none'`: a photo with a damaged tail (common from phones) is decoded as far as it goes;
  // the output is a clean new file either way. What libvips cannot decode at all still throws.
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' }).rotate();
  // No Huffman optimisation: it keeps every coefficient of the image until the end (about 100 MB for a
  // 12-megapixel photo, which glibc then keeps too), for files some 5 % smaller. Measured with the bench.
  return format === 'jpg' ? image.jpeg({ quality: 90, optimiseCoding: false }) : image.png();
};

const refusal = (err: unknown): ImageRefused =>
  new ImageRefused(/pixel limit/i.test(err instanceof Error ? err.message : '') ? 'too_many_pixels' : 'undecodable');

/** The image re-encoded in its own format, orientation applied, metadata dropped. */
export async function reencodeImage(input: Buffer, format: 'jpg' | 'png'): Promise<Buffer> {
  try {
    return await reencoder(input, format).toBuffer();
  } catch (err) {
    throw refusal(err);
  }
}

/** The same, written to `file` (a new file; the caller sets its mode): no output buffer in the JavaScript heap. */
export async function reencodeImageToFile(input: Buffer, format: 'jpg' | 'png', file: string): Promise<void> {
  try {
    await reencoder(input, format).toFile(file);
  } catch (err) {
    throw refusal(err);
  }
}

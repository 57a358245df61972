import { inflateSync } from 'node:zlib';

/*
 * Since PDF 1.5 objects may sit inside object streams (`/Type /ObjStm`), compressed: an action
 * dictionary there is invisible to a byte scan of the file. Each object stream is inflated here so the
 * same scan reads what it holds. FlateDecode is the filter every writer uses for them; an object
 * stream under any other filter or with decode parameters, one that does not inflate, or more
 * inflated bytes than MAX_INFLATED_BYTES (a deflate bomb) cannot be read, and the PDF is refused: an
 * identity document has no reason to be any of these.
 */

/** All the object streams of one PDF together, inflated (a 10 MB upload of real documents holds far less). */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** How far before `stream` its dictionary is looked for. */
const DICTIONARY_LOOKBACK = 64 * 1024;

const OBJ_STM = /\/Type\s*\/ObjStm(?![A-Za-z0-9])/;
const FILTER = /\/Filter\s*(?:\/FlateDecode|\[\s*\/FlateDecode\s*\])(?![A-Za-z0-9])/;
const ANY_FILTER = /\/Filter(?![A-Za-z0-9])/;
const DECODE_PARMS = /\/DecodeParms(?![A-Za-z0-9])/;

export const decodePdfNameEscapes = (text: string): string =>
  text.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The dictionary in front of the `stream` keyword at `at`: what follows the previous object's end. */
function dictionaryBefore(b: Buffer, at: number): string {
  const head = decodePdfNameEscapes(b.toString('latin1', Math.max(0, at - DICTIONARY_LOOKBACK), at));
  const previousEnd = Math.max(head.lastIndexOf('endobj'), head.lastIndexOf('endstream'));
  return previousEnd < 0 ? head : head.slice(previousEnd);
}

/**
 * The inflated contents of every object stream of the PDF `b` (empty when it has none), or null when
 * one cannot be read.
 */
export function inflatedObjectStreams(b: Buffer): Buffer[] | null {
  const out: Buffer[] = [];
  let budget = MAX_INFLATED_BYTES;
  for (let at = b.indexOf('stream', 0, 'latin1'); at !== -1; at = b.indexOf('stream', at + 6, 'latin1')) {
    if (at >= 3 && b.toString('latin1', at - 3, at) === 'end') continue;
    const dictionary = dictionaryBefore(b, at);
    if (!OBJ_STM.test(dictionary)) continue;
    let start = at + 6;
    if (b[start] === 0x0d) start++;
    if (b[start] === 0x0a) start++;
    const end = b.indexOf('endstream', start, 'latin1');
    if (end < 0) return null;
    const data = b.subarray(start, end);
    if (!ANY_FILTER.test(dictionary)) { out.push(data); continue; }
    if (!FILTER.test(dictionary) || DECODE_PARMS.test(dictionary)) return null;
    try {
      const inflated = inflateSync(data, { maxOutputLength: Math.max(1, budget) });
      budget -= inflated.length;
      out.push(inflated);
    } catch {
      // Truncated, not deflate, or over the budget.
      return null;
    }
    at = end;
  }
  return out;
}

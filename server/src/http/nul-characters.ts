export const NUL_MESSAGE = 'Il testo contiene un carattere non ammesso.';

interface Frame { value: unknown; key: string; parent: Frame | undefined }

const pathOf = (frame: Frame): string => {
  const keys: string[] = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) keys.push(f.key);
  return keys.reverse().join('.') || '_body';
};

/** Whether any text in `value` holds U+0000: one pass, nothing allocated but the stack of objects still to look into. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const obj = stack.pop() as Record<string, unknown>;
    const keys = Object.keys(obj);
    for (let i = 0; i < keys.length; i++) {
      const child = obj[keys[i] as string];
      if (typeof child === 'string') { if (child.includes('\u0000')) return true; }
      else if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return false;
}

const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Fields (`a.b.0`) whose text holds U+0000, with the Italian message; `{}` when none (one shared frozen
 * object: the common case allocates nothing; the fields' paths are only worked out for a body that has one).
 *
 * No real input contains NUL, PostgreSQL text cannot store or even compare it (the query fails: a 500),
 * and SQLite would keep it: refusing it at the boundary keeps both dialects equal and the answer a 422.
 * Iterative with parent links, so a 1 MB body nested 100 000 deep costs one pass and no stack.
 */
export function nulCharacterFields(body: unknown, max = 10): Readonly<Record<string, string>> {
  if (!holdsNul(body)) return NONE;
  const fields: Record<string, string> = {};
  let found = 0;
  const stack: Frame[] = [{ value: body, key: '', parent: undefined }];
  while (stack.length > 0 && found < max) {
    const frame = stack.pop() as Frame;
    const { value } = frame;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) { fields[pathOf(frame)] = NUL_MESSAGE; found++; }
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) stack.push({ value: child, key, parent: frame });
    }
  }
  return fields;
}

export const NUL_MESSAGE = 'Il testo contiene un carattere non ammesso.';

interface Frame { value: unknown; key: string; parent: Frame | undefined }

const pathOf = (frame: Frame): string => {
  const keys: string[] = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) keys.push(f.key);
  return keys.reverse().join('.') || '_body';
};

/**
 * Fields (`a.b.0`) whose text holds U+0000, with the Italian message; `{}` when none.
 *
 * No real input contains NUL, PostgreSQL text cannot store or even compare it (the query fails: a 500),
 * and SQLite would keep it: refusing it at the boundary keeps both dialects equal and the answer a 422.
 * Iterative with parent links, so a 1 MB body nested 100 000 deep costs one pass and no stack.
 */
export function nulCharacterFields(body: unknown, max = 10): Record<string, string> {
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

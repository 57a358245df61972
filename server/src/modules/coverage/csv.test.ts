import { describe, expect, it } from 'vitest';
import { detectSeparator, formatCsvLine, parseCsvLine } from './csv';

describe('csv', () => {
  it.each([
    ['a,b,c', ',', ['a', 'b', 'c']],
    ['a,,c,', ',', ['a', '', 'c', '']],
    ['"Via Sant\'Antonio","12, interno 3",x', ',', ["Via Sant'Antonio", '12, interno 3', 'x']],
    ['"detto ""il grande""",b', ',', ['detto "il grande"', 'b']],
    ['a;"b;c";d', ';', ['a', 'b;c', 'd']],
    ['', ',', ['']],
  ] as const)('parses %s', (line, sep, fields) => {
    expect(parseCsvLine(line, sep)).toEqual({ ok: true, fields });
  });

  it.each(['"aperto,b', '"chiuso"x,b'])('rejects %s', (line) => {
    expect(parseCsvLine(line).ok).toBe(false);
  });

  it('detects an Italian spreadsheet separator', () => {
    expect(detectSeparator('a;b;c')).toBe(';');
    expect(detectSeparator('a,b,c')).toBe(',');
  });

  it('round-trips what it formats', () => {
    const values = ['Via "Nuova"', 'a,b', "Sant'Anna", '', '12'];
    expect(parseCsvLine(formatCsvLine(values))).toEqual({ ok: true, fields: values });
    expect(formatCsvLine([1, null, undefined, 'x'])).toBe('1,,,x');
  });
});

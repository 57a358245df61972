import { describe, expect, it } from 'vitest';
import { cfNameLetters } from './codice-fiscale';
import { PERSON_NAME_PATTERN, isAddressText, isCompanyName, isPersonName } from './person-name';

/** Emoji, symbols, other scripts and control characters: none is a letter of a Latin name. */
const NEVER = [
  '😀😀😀', 'Mario 😀', 'Bianchi 🚀', '👨‍👩‍👧', 'Ros\u0000si', 'Ros\tsi', 'Ros\nsi', 'Ros\u200bsi', 'Ross\u202ei',
  '★Mario', 'Mario™', 'Mario©', '€uro', 'Mario$', '<script>', 'Mario@Rossi', 'Марио', 'マリオ', 'Μάριος', 'محمد',
  'Z\u0337\u0322a\u0336\u0335\u0337\u0338l\u0335g\u0337o\u0336', '\ud83d', '\ude00',
];

describe('isPersonName', () => {
  it.each([
    'Mario', 'Maria Grazia', 'D’Angelo', "D'Angelo", 'D‘Angelo', 'Dʼ Angelo', 'D`Angelo', 'D´Angelo', 'Rossi-Bianchi',
    'Rossi‐Bianchi', 'Nicolò', 'Ève', 'Müller', 'Straße', 'Șerban', 'Ștefan', 'Țurcanu', 'Dvořák', 'Nguyễn', 'José María',
    'Mbappé', "O'Brien", "'t Hooft", 'M. Teresa', 'Anne\u00a0Marie', 'Nicolo\u0300', 'Nguye\u0302\u0303n', 'ñ', 'Ab',
  ])('accepts %s', (name) => {
    expect(isPersonName(name)).toBe(true);
  });

  it.each([...NEVER, '', '   ', "'", '-', '.', '--', 'R2D2', 'Mario3', 'Rossi & C.', 'Rossi/Bianchi', 'Rossi, Mario', 'Mario (Rossi)', '1°'])(
    'refuses %j',
    (name) => {
      expect(isPersonName(name)).toBe(false);
    },
  );

  it('accepts exactly the Latin letters the codice fiscale comparison reads, so a name it accepts can be compared', () => {
    for (const [from, to] of [[0x0000, 0x02ff], [0x1e00, 0x1eff]] as const) {
      for (let cp = from; cp <= to; cp++) {
        const ch = String.fromCharCode(cp);
        if (!/\p{L}/u.test(ch)) continue;
        expect(isPersonName(ch), `${ch} U+${cp.toString(16)}`).toBe(cp <= 0x024f || cp >= 0x1e00 ? cfNameLetters(ch) !== '' : false);
      }
    }
  });

  it('accepts the letters Unicode does not decompose, which the codice fiscale reads transliterated (Ł as L, Æ as AE)', () => {
    for (const name of ['Øyvind', 'Łukasz', 'Đorđe', 'Ærø', 'Œuvre', 'Þór']) expect(isPersonName(name), name).toBe(true);
    expect(cfNameLetters('Łukasz Søren-Þór')).toBe('LUKASZSORENTHOR');
  });

  it('answers an empty pattern match for an empty field (the schema says "Campo obbligatorio.")', () => {
    expect(PERSON_NAME_PATTERN.test('')).toBe(true);
    expect(PERSON_NAME_PATTERN.test('Rossi 😀')).toBe(false);
  });
});

describe('isCompanyName', () => {
  it.each([
    'Esempio S.r.l.', 'Bianchi & Figli S.n.c.', 'A.B.C. S.p.A.', 'Studio Rossi, Verdi e Associati', 'Bar 2000 di Rossi Mario & C. s.a.s.',
    'Rossi+Partner S.r.l.', 'Edil-Costruzioni (Roma) S.r.l.', 'Import/Export Sud', 'L’Officina del Gusto', 'Società Agricola "La Collina"',
    'Coop. «Il Sole»', '3M Italia', 'Müller GmbH', 'Caffè 1° Maggio', 'Yahoo! Italia', 'Consorzio: Terre Alte',
  ])('accepts %s', (name) => {
    expect(isCompanyName(name)).toBe(true);
  });

  it.each([...NEVER, 'Bianchi 🚀 S.r.l.', '', '&&&', '()', 'Rossi™ S.r.l.', 'Rossi @ Co', 'Rossi # 1', 'Rossi_S.r.l.', 'Rossi\\Bianchi', 'Rossi%'])(
    'refuses %j',
    (name) => {
      expect(isCompanyName(name)).toBe(false);
    },
  );

  it('takes Latin letters the CF does not read: a company name is not compared with a codice fiscale', () => {
    expect(isCompanyName('Łódź Trading Sp. z o.o.')).toBe(true);
    expect(isCompanyName('Ørsted Italia')).toBe(true);
  });
});

describe('isAddressText', () => {
  it.each([
    'Via del Corso', 'Via Sant’Andrea', "Via Sant'Antonio", 'Viale Giovanni XXIII', '10', '10/A', '12 bis', 'km 3,5',
    'Piazza 4° Novembre', 'Località Cà Bianca (fraz. Castello)', 'Bolzano/Bozen', 'Forlì-Cesena', "Reggio nell'Emilia",
    'St. Ulrich in Gröden', 'SNC', 'n.º 5',
  ])('accepts %s', (text) => {
    expect(isAddressText(text)).toBe(true);
  });

  it.each([...NEVER, '', 'Via Roma 🏠', 'Via Roma #1', 'Via Roma & Co', 'Via "Roma"', 'Via Roma; drop table', 'Via Roma+1'])('refuses %j', (text) => {
    expect(isAddressText(text)).toBe(false);
  });
});

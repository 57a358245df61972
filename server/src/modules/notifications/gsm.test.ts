import { describe, expect, it } from 'vitest';
import { gsmSeptets, oneSmsIfPossible, toGsm } from './gsm';

describe('GSM 03.38 text', () => {
  it.each([
    ['perché è già lì, più giù', 'perché è già lì, più giù'],
    ['l’ordine “nuovo” – ok…', 'l\'ordine "nuovo" - ok...'],
    ['È pronto', "E' pronto"],
    ['Ciò costa 5 €', 'Ciò costa 5 €'],
    ['José Núñez', 'José Nuñez'],
    ['emoji 🙂 e 中', 'emoji ? e ?'],
  ])('%s → %s', (text, gsm) => {
    expect(toGsm(text)).toBe(gsm);
    expect(gsmSeptets(toGsm(text))).not.toBeNull();
  });

  it('counts the extension table twice and refuses what is outside the alphabet', () => {
    expect(gsmSeptets('abc')).toBe(3);
    expect(gsmSeptets('5 €')).toBe(4);
    expect(gsmSeptets('[x]')).toBe(5);
    expect(gsmSeptets('l’ordine')).toBeNull();
    expect(gsmSeptets('È')).toBeNull();
  });

  it('keeps the free text when the whole fits one SMS, leaves it out when only that fits, else sends the whole', () => {
    const short = 'x'.repeat(150);
    expect(oneSmsIfPossible(`${short} (motivo)`, short)).toBe(`${short} (motivo)`);
    expect(oneSmsIfPossible(`${short} (un motivo lungo)`, short)).toBe(short);
    const long = 'x'.repeat(170);
    expect(oneSmsIfPossible(`${long} (motivo)`, long)).toBe(`${long} (motivo)`);
    // A character outside the alphabet makes a text never fit (UCS-2).
    expect(oneSmsIfPossible('l’ordine', 'ordine')).toBe('ordine');
  });
});

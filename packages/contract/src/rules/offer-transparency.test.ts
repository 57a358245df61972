import { describe, expect, it } from 'vitest';
import { optionSchema, type Offer, type Option } from '../schemas/offer';
import {
  routerCostWording, routerTerms, speedFiguresWording, speedsAt,
} from './offer-transparency';

const fttcOffer: Pick<Offer, 'speeds' | 'technologies'> = {
  technologies: ['FTTC'],
  speeds: [{
    technology: 'FTTC',
    download: { minimum: 20, normal: 150, maximum: 200 },
    upload: { minimum: 2, normal: 16, maximum: 20 },
  }],
};
const line = (max_download: number, max_upload: number) => ({ technology: 'FTTC' as const, max_download, max_upload });
const router = (o: Partial<Option>): Option => optionSchema.parse({
  id: 99, name: 'Router', category: 'router', recurrent_cost: 0, cash_amount: 0, contract_code: 'R', ...o,
});

describe('speeds at the address (AGCOM 156/23/CONS)', () => {
  it('gives the declared figures where the line reaches the offer', () => {
    expect(speedsAt(fttcOffer, line(200, 20))).toEqual({ technology: 'FTTC', ...fttcOffer.speeds[0] });
  });

  it('scales the normally available speed to a slower line, and keeps the minimum below it', () => {
    const s = speedsAt(fttcOffer, line(60, 10))!;
    expect(s.download).toEqual({ minimum: 20, normal: 45, maximum: 60 });
    expect(s.upload).toEqual({ minimum: 2, normal: 8, maximum: 10 });
    const slow = speedsAt(fttcOffer, line(20, 2))!;
    expect(slow.download).toEqual({ minimum: 15, normal: 15, maximum: 20 });
  });

  it('raises the maximum with a speed upgrade, within the line', () => {
    const ftth: Pick<Offer, 'speeds' | 'technologies'> = {
      technologies: ['FTTH'],
      speeds: [{ technology: 'FTTH', download: { minimum: 500, normal: 900, maximum: 1000 }, upload: { minimum: 100, normal: 250, maximum: 300 } }],
    };
    const at = speedsAt(ftth, { technology: 'FTTH', max_download: 2500, max_upload: 1000 }, { max_download_speed: 2500 })!;
    expect(at.download).toEqual({ minimum: 500, normal: 2250, maximum: 2500 });
    expect(at.upload.maximum).toBe(300);
  });

  it('knows nothing of a technology the offer does not declare', () => {
    expect(speedsAt(fttcOffer, { technology: 'FWA', max_download: 100, max_upload: 20 })).toBeNull();
  });

  it('words the three figures', () => {
    expect(speedFiguresWording({ minimum: 20, normal: 150, maximum: 1000 }))
      .toBe('minima 20 Mbit/s · normalmente disponibile 150 Mbit/s · massima 1 Gbit/s');
  });
});

describe('router cost breakdown (AGCOM 348/18/CONS)', () => {
  it.each([
    ['own', router({ id: 27 }), /^Nessun costo: usi un tuo modem/],
    ['included', router({ included: true }), /^Incluso nel canone, in comodato d’uso gratuito/],
    ['purchase', router({ cash_amount: 14900 }), /^Acquisto in un’unica soluzione: 149,00\u00a0€/],
    ['rental', router({ recurrent_cost: 300 }), /^Noleggio: 3,00\u00a0€ al mese .* nessun riscatto/],
    ['instalments', router({ recurrent_cost: 300, cash_amount: 2000, instalments: 24 }),
      /^A rate: anticipo 20,00\u00a0€ e 24 rate mensili da 3,00\u00a0€ \(totale 92,00\u00a0€\); se recedi prima/],
  ] as const)('%s', (terms, option, wording) => {
    expect(routerTerms(option)).toBe(terms);
    expect(routerCostWording(option)).toMatch(wording);
  });

  it('never charges for the customer’s own modem, whatever the catalogue says of its price', () => {
    expect(routerTerms(router({ id: 27, recurrent_cost: 0, cash_amount: 0 }))).toBe('own');
  });
});

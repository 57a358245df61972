import { describe, expect, it } from 'vitest';
import {
  commitmentWording, earlyExitCharge, earlyExitWording, exitCostWording, monthsWording, offerTermsWording, promoDurationOnlyWording,
  promoTermsWording, voucherWording, type OfferTermsSource,
} from './offer-terms';

const NBSP = '\u00a0';
const noCommitment: OfferTermsSource = { commitment_months: 0, exit_cost_migration: 1990, exit_cost_cessation: 1990, early_exit_charge: 'none', voucher: null };
const voucherOffer: OfferTermsSource = {
  commitment_months: 24, exit_cost_migration: 2490, exit_cost_cessation: 2490, early_exit_charge: 'voucher_share',
  voucher: { contribution: 50000, months: 24, eligibility: 'PMI' },
};

describe('commitment (AGCOM 307/23/CONS)', () => {
  it('says when there is none, and how long one lasts with leaving still possible', () => {
    expect(commitmentWording({ commitment_months: 0 })).toMatch(/^Senza vincolo di durata: contratto a tempo indeterminato/);
    const bound = commitmentWording({ commitment_months: 24 });
    expect(bound).toMatch(/^Vincolo di 24 mesi dall’attivazione/);
    // A commitment never reads as an open-ended contract with nothing owed.
    expect(bound).not.toMatch(/senza vincolo|senza penali/i);
  });
});

describe('exit costs, migration apart from cessation (AGCOM 487/18/CONS)', () => {
  it('states both, each in euros', () => {
    expect(exitCostWording({ exit_cost_migration: 1490, exit_cost_cessation: 1990 }))
      .toBe(`Costi di uscita, una sola volta: passaggio ad altro operatore 14,90${NBSP}€; cessazione del servizio 19,90${NBSP}€.`);
  });

  it('says "nessun costo" for a free one, and that neither costs anything when both are free', () => {
    expect(exitCostWording({ exit_cost_migration: 0, exit_cost_cessation: 1990 })).toContain('passaggio ad altro operatore nessun costo;');
    expect(exitCostWording({ exit_cost_migration: 0, exit_cost_cessation: 0 }))
      .toBe('Costi di uscita: nessuno, né per il passaggio ad altro operatore né per la cessazione del servizio.');
  });
});

describe('the voucher and leaving before the commitment ends', () => {
  it('words the contribution as the offer card always has', () => {
    expect(voucherWording(voucherOffer.voucher!)).toBe(`Voucher: un contributo di 500,00${NBSP}€ in tutto, scontato dal canone nei primi 24 mesi.`);
  });

  it('charges the voucher share of the months left, never more than the contribution', () => {
    expect(earlyExitCharge(voucherOffer, 24)).toBe(50000);
    expect(earlyExitCharge(voucherOffer, 12)).toBe(25000);
    expect(earlyExitCharge(voucherOffer, 1)).toBe(2083);
    expect(earlyExitCharge(voucherOffer, 0)).toBe(0);
    expect(earlyExitCharge(voucherOffer, 40)).toBe(50000);
    expect(earlyExitCharge({ ...voucherOffer, early_exit_charge: 'none' }, 12)).toBe(0);
  });

  it('says what leaving early costs with a commitment, and nothing without one', () => {
    expect(earlyExitWording(voucherOffer)).toBe(
      `Recesso prima dei 24 mesi: oltre ai costi di uscita restituisci la parte del contributo voucher dei mesi mancanti, 20,83${NBSP}€ per ogni mese che manca alla fine del vincolo (al massimo 500,00${NBSP}€).`,
    );
    expect(earlyExitWording({ ...voucherOffer, early_exit_charge: 'none', voucher: null })).toBe('Recesso prima dei 24 mesi: paghi solo i costi di uscita indicati, senza altre penali.');
    expect(earlyExitWording(noCommitment)).toBeNull();
  });

  it('lists every term in the contract\'s order', () => {
    expect(offerTermsWording(voucherOffer).map((s) => s.split(/[:,]/)[0])).toEqual(['Vincolo di 24 mesi dall’attivazione', 'Voucher', 'Costi di uscita', 'Recesso prima dei 24 mesi']);
    expect(offerTermsWording(noCommitment).map((s) => s.split(/[:,]/)[0])).toEqual(['Senza vincolo di durata', 'Costi di uscita']);
  });
});

describe('promo duration and the price after it', () => {
  it('words months, one month and "per sempre"', () => {
    expect([monthsWording(12), monthsWording(1), monthsWording(null)]).toEqual(['per 12 mesi', 'per 1 mese', 'per sempre']);
  });

  it('states the discount, its months and the monthly price afterwards', () => {
    expect(promoTermsWording({ code: 'BLACKFRIDAY', monthlyDiscount: 500, oneOffDiscount: 3990, months: 12, monthlyAfter: 2690 }))
      .toBe(`BLACKFRIDAY: -5,00${NBSP}€/mese per 12 mesi, poi 26,90${NBSP}€/mese; -39,90${NBSP}€ sull’attivazione`);
  });

  it('says "per sempre" with no price afterwards, and no duration for a one-off discount alone', () => {
    expect(promoTermsWording({ code: 'X', monthlyDiscount: 300, oneOffDiscount: 0, months: null, monthlyAfter: 2690 })).toBe(`X: -3,00${NBSP}€/mese per sempre`);
    expect(promoTermsWording({ code: 'XMAS26', monthlyDiscount: 0, oneOffDiscount: 3990, months: null, monthlyAfter: 2690 })).toBe(`XMAS26: -39,90${NBSP}€ sull’attivazione`);
  });

  it('words a promo\'s own duration before an offer is chosen', () => {
    expect(promoDurationOnlyWording({ recurrent_discount: 500, discount_months: 12 })).toBe('Sconto mensile per 12 mesi, poi il prezzo pieno dell’offerta.');
    expect(promoDurationOnlyWording({ recurrent_discount: 500, discount_months: null })).toBe('Sconto mensile per sempre, per tutta la durata del contratto.');
    expect(promoDurationOnlyWording({ recurrent_discount: 0, discount_months: null })).toBeNull();
  });
});

import { expect, test } from './fixtures';
import {
  centsOf, checkCoverage, continueFromOffer, contractBody, shownOrder, signedContractText, signedSummaryText, signFromStep1, uniqueEmail,
} from './checkout-journey';
import { keepPromoOpen } from './cli';

/*
 * BLACKFRIDAY (the demo seed: 5 € off Fibra Viva Casa 1 Giga's monthly fee for 12 months, free activation,
 * valid until 1 December 2026, kept open here so the journey does not expire with it): how long the discount lasts and the price after it, on the banner, the
 * offer card, the summary box, the step-5 review, the contract and the contract summary.
 */

const MOBILE = '3331234567';
const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
/** 2690 → '26,90 €' with a plain space (every text here is read on one line). */
const euro = (cents: number): string => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

test.describe('a private customer signs with a promo code', () => {
  test('BLACKFRIDAY: 5 € off for 12 months, then the full price, said on every screen and in both documents', async ({ page }) => {
    keepPromoOpen('BLACKFRIDAY');
    await checkCoverage(page, 'Privato', { promo: 'BLACKFRIDAY' });
    await expect(page.getByTestId('promo-badge')).toHaveText('Promo BLACKFRIDAY');
    await expect(page.getByTestId('promo-duration')).toHaveText('Sconto mensile per 12 mesi, poi il prezzo pieno dell’offerta.');
    // The card of the offer it applies to gives the price after the 12 months: its own monthly fee.
    await expect(page.getByTestId('offer-promo-101')).toHaveText(/^Con il codice BLACKFRIDAY: 5,00\s€ di sconto al mese per 12 mesi, poi 26,90\s€\/mese e attivazione gratuita$/);
    await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();

    // The summary box: the discount's line and the terms under the lines say the months and the monthly total after them.
    const atOffer = await shownOrder(page, 'summary');
    const after = euro(atOffer.monthly + 500);
    const promoLine = `Promozione BLACKFRIDAY: sconto mensile per 12 mesi, poi ${after}/mese`;
    const promoTerms = `BLACKFRIDAY: -5,00 €/mese per 12 mesi, poi ${after}/mese`;
    const shownLine = atOffer.lines.find(([label]) => label.startsWith('Promozione BLACKFRIDAY: sconto mensile'));
    expect(shownLine && [oneLine(shownLine[0]), shownLine[1], shownLine[2]]).toEqual([promoLine, -500, 0]);
    expect(oneLine(await page.getByTestId('summary-terms').textContent())).toContain(`Promozione ${promoTerms}`);
    expect(centsOf(after)).toBe(atOffer.monthly + 500);
    await continueFromOffer(page);

    await signFromStep1(page, {
      email: uniqueEmail('mario.rossi'), mobile: MOBILE, documentName: 'carta-identita-fronte.png',
      atReview: async (review) => {
        expect(await shownOrder(review, 'review')).toEqual(atOffer);
        const terms = oneLine(await review.getByTestId('review-terms').textContent());
        expect(terms).toContain(`Promozione ${promoTerms}`);
        expect(terms).toContain('Senza vincolo di durata');
      },
    });

    // The contract's body and the summary read before signing: the promo's months and the price after them.
    const body = contractBody(await signedContractText(page));
    const summary = await signedSummaryText(page);
    for (const text of [body, summary]) {
      expect(text).toContain(promoTerms);
      expect(text).toContain('passaggio ad altro operatore 19,90 €; cessazione del servizio 19,90 €');
    }
    expect(body).toContain(promoLine);
  });
});

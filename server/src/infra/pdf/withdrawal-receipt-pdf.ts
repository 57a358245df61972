import { romeDateTime } from '@checkout/contract';
import { BOLD, INK, MUTED, REGULAR, italianDay, newPdf, pageFooters } from './pdf-layout';
import type { RenderOptions } from './contract-pdf';

/*
 * The receipt of a withdrawal (Codice del Consumo art. 54 c. 3: a withdrawal given online is acknowledged
 * "senza indugio" on a durable medium), attached to the email that confirms it. It says who withdrew
 * from which order, when the withdrawal was received (Italian time, with its offset) and by which
 * channel, and what happens next. The wording of what happens next is the caller's, the same list the
 * email says. Same data → same bytes: the document's date is the withdrawal's.
 */

export interface WithdrawalReceiptData {
  brandName: string;
  /** `#rrggbb`: the title's colour, the site's own. */
  accentColour: string;
  /** Who issues the receipt: the provider of the contract (the SEPA creditor the contract prints). */
  issuer: { name: string; address: string };
  /** The order number the customer sees (`FV-2026-K7M4Q9`). */
  orderCode: string;
  /** The contract's holder as the contract names them; null when the order has no name. */
  customerName: string | null;
  /** The service's name (the offer), when known. */
  service?: string | null;
  /** When the contract was signed, when known. */
  signedAt?: Date | null;
  /** When the withdrawal was received. */
  receivedAt: Date;
  channel: 'online';
  /** What happens now, one sentence a bullet. */
  nextSteps: readonly string[];
  /** Where to write with a question. */
  supportEmail: string;
  /** The order's tracking page (by its number), when the site's address is known. */
  trackingUrl?: string | null;
}

export const WITHDRAWAL_RECEIPT_TITLE = 'Ricevuta di recesso';

const CHANNEL_WORDS: Record<WithdrawalReceiptData['channel'], string> = {
  online: 'Online, dalla pagina «Recesso» del sito, con il numero d’ordine e un codice di conferma inviato al recapito del contratto',
};

/** Renders the receipt; resolves with the whole file. */
export function renderWithdrawalReceiptPdf(data: WithdrawalReceiptData, options: RenderOptions = {}): Promise<Buffer> {
  const { doc, layout: l, done } = newPdf({
    title: `${WITHDRAWAL_RECEIPT_TITLE} ${data.brandName} - ordine ${data.orderCode}`, author: data.brandName,
    subject: 'Conferma di ricevimento del recesso (Codice del Consumo, art. 54 c. 3)', date: data.receivedAt, accent: data.accentColour,
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  });

  doc.font(BOLD).fontSize(22).fillColor(data.accentColour).text(data.brandName, l.left, 50, { width: l.width });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(`Ordine ${data.orderCode} - ${italianDay(data.receivedAt)}`, l.left, 56, { width: l.width, align: 'right' });
  doc.y = 84;
  doc.font(BOLD).fontSize(15).fillColor(INK).text(WITHDRAWAL_RECEIPT_TITLE, l.left, doc.y, { width: l.width });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED)
    .text('Conferma di ricevimento del recesso su supporto durevole (Codice del Consumo, d.lgs. 206/2005, art. 54 c. 3)', { width: l.width });

  l.section('Recesso ricevuto');
  l.rows([
    ['Ordine', data.orderCode],
    ['Intestatario del contratto', data.customerName ?? ''],
    ['Servizio', data.service ?? ''],
    ['Contratto firmato il', data.signedAt ? romeDateTime(data.signedAt) : ''],
    ['Recesso ricevuto il', romeDateTime(data.receivedAt)],
    ['Modalità', CHANNEL_WORDS[data.channel]],
  ], 170);
  doc.moveDown(0.4);
  l.paragraph(
    'Il recesso è stato esercitato entro i 14 giorni del periodo di ripensamento: il contratto è sciolto. '
      + 'Non attiveremo il servizio o, se è già attivo, lo cesseremo.',
  );

  l.section('Cosa succede ora');
  l.bullets([...data.nextSteps]);

  l.section('Domande');
  l.paragraph(
    `Per qualsiasi domanda scrivi a ${data.supportEmail}, indicando il numero d’ordine.`
      + (data.trackingUrl ? ` Lo stato dell’ordine è sempre su ${data.trackingUrl}.` : ''),
  );
  doc.moveDown(0.6);
  l.paragraph(`Ricevuta emessa da ${data.issuer.name}, ${data.issuer.address}. Conservala: è la prova che il recesso ci è arrivato e quando.`, { size: 9.5, color: MUTED });

  pageFooters(l, (page, count) => `${data.brandName} - ordine ${data.orderCode} - ricevuta di recesso - pagina ${page} di ${count}`);
  doc.end();
  return done;
}

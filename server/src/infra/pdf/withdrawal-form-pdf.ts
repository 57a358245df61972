import { BOLD, INK, MUTED, REGULAR, RULE, italianDay, newPdf, pageFooters } from './pdf-layout';
import type { RenderOptions } from './contract-pdf';

/*
 * The model withdrawal form of the Codice del Consumo (d.lgs. 206/2005, allegato I, parte B) as a PDF of
 * its own, sent with the signed contract (the durable medium) and offered by the tracking page. The
 * provider fills what is theirs (recipient, service, order and its date); the consumer's lines are blank
 * for a printed copy. Same data → same bytes: the document's date is the order's.
 */

export interface WithdrawalFormData {
  brandName: string;
  /** `#rrggbb`: the title's colour, the site's own. */
  accentColour: string;
  /** Who receives the withdrawal (the form's "Destinatario"): the provider's name, geographic address, email and PEC. */
  recipient: { name: string; address: string; email: string; pec: string };
  /** The order number the customer sees (`FV-2026-K7M4Q9`). */
  orderCode: string;
  /** When the contract was concluded (its signature): "ordinato il". */
  orderedAt: Date;
  /** The service's name (the offer), when known. */
  service?: string | null;
  /** The order's online withdrawal page, when the site's address is known. */
  onlineUrl?: string | null;
}

export const WITHDRAWAL_FORM_TITLE = 'Modulo di recesso tipo';

/** Renders the form; resolves with the whole file. */
export function renderWithdrawalFormPdf(data: WithdrawalFormData, options: RenderOptions = {}): Promise<Buffer> {
  const { doc, layout: l, done } = newPdf({
    title: `${WITHDRAWAL_FORM_TITLE} ${data.brandName} - ordine ${data.orderCode}`, author: data.brandName,
    subject: 'Modulo di recesso (Codice del Consumo, allegato I, parte B)', date: data.orderedAt, accent: data.accentColour,
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  });
  const { name, address, email, pec } = data.recipient;
  // Allegato I-B: the recipient with its geographic address and its email.
  const recipient = `${name}, ${address}, email ${email}, PEC ${pec}`;

  doc.font(BOLD).fontSize(22).fillColor(data.accentColour).text(data.brandName, l.left, 50, { width: l.width });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(`Ordine ${data.orderCode} - ${italianDay(data.orderedAt)}`, l.left, 56, { width: l.width, align: 'right' });
  doc.y = 84;
  doc.font(BOLD).fontSize(15).fillColor(INK).text(WITHDRAWAL_FORM_TITLE, l.left, doc.y, { width: l.width });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED).text('Codice del Consumo (d.lgs. 206/2005), allegato I, parte B', { width: l.width });

  l.section('Come recedere');
  l.paragraph(
    'Hai il diritto di recedere dal contratto entro 14 giorni dalla sua conclusione (la firma) senza indicarne il motivo. '
      + 'Per rispettare il termine basta che la comunicazione del recesso sia inviata prima della scadenza.',
  );
  l.paragraph(
    `Puoi recedere online${data.onlineUrl ? ` da ${data.onlineUrl}` : ' dalla pagina «Recesso» del sito'} con il numero d'ordine ${data.orderCode} e un codice di conferma, `
      + `oppure inviando questo modulo compilato, o un'altra dichiarazione esplicita della tua decisione, a ${name}: per posta a ${address}, per email all'indirizzo ${email} o per PEC all'indirizzo ${pec}.`,
  );

  l.section('Modulo');
  l.paragraph('(compilare e restituire il presente modulo solo se si desidera recedere dal contratto)', { size: 9.5, color: MUTED });
  const service = data.service ? `${data.service}, ` : '';
  const filled: string[] = [
    `Destinatario: ${recipient}`,
    `Con la presente io/noi (*) notifichiamo il recesso dal mio/nostro (*) contratto di fornitura del seguente servizio: ${service}ordine ${data.orderCode}`,
    `Ordinato il (*)/ricevuto il (*): ${italianDay(data.orderedAt)}`,
  ];
  for (const line of filled) {
    doc.moveDown(0.3);
    l.paragraph(line);
  }
  // The consumer's lines: a label, then a ruled space to write on (two for the address).
  const blanks: Array<[string, number]> = [
    ['Nome del/dei consumatore(i):', 1],
    ['Indirizzo del/dei consumatore(i):', 2],
    ['Firma del/dei consumatore(i) (solo se il presente modulo è notificato in versione cartacea):', 1],
    ['Data:', 1],
  ];
  for (const [label, lines] of blanks) {
    l.ensure(30 + lines * 24);
    doc.moveDown(0.6);
    l.paragraph(label);
    for (let i = 0; i < lines; i++) {
      const y = doc.y + 18;
      doc.moveTo(l.left, y).lineTo(l.left + l.width, y).lineWidth(0.7).strokeColor(RULE).stroke();
      doc.y = y + 6;
    }
  }
  doc.moveDown(1);
  l.paragraph('(*) Cancellare la dicitura inutile.', { size: 9.5, color: MUTED });

  pageFooters(l, (page, count) => `${data.brandName} - ordine ${data.orderCode} - modulo di recesso - pagina ${page} di ${count}`);
  doc.end();
  return done;
}

import { formatEuro, routerTerms, vatWording } from '@checkout/contract';
import type { Option } from '@checkout/contract';
import { BOLD, MUTED, REGULAR, INK, groupIban, italianDay, newPdf, pageFooters } from './pdf-layout';
import type { Layout } from './pdf-layout';
import type { PriceRow } from './pdf-layout';

export { groupIban, italianDay } from './pdf-layout';

/**
 * The contract a customer signs, as a PDF (issue 4 "Contract preview"). This file knows layout only:
 * the signature module turns an order and the catalogue into `ContractPdfData` (prices never come from
 * the client), and this renders it. Same data → same bytes: the creation date is the data's own date
 * and pdfkit derives the file ID from the metadata, so the preview's SHA-256 is stable across calls.
 */

/** A price line: cents a month and one-off. */
export type ContractPriceLine = PriceRow;

export interface SepaMandate {
  /** Unique per order (SEPA: up to 35 characters). */
  reference: string;
  creditorId: string;
  creditorName: string;
  creditorAddress: string;
  /**
   * SEPA Core, with the consumer's 8-week refund right, or SEPA B2B (no refund) when a business pays
   * from the company's account: the two rulebooks' wordings differ and the bank checks which one was signed.
   */
  scheme: 'CORE' | 'B2B';
  debtorName: string;
  /** Debtor's tax code or VAT number, when known. */
  debtorTaxCode: string;
  iban: string;
  /** Italian name of the payment type: always `ricorrente` for a subscription. */
  paymentType: 'ricorrente';
}

export interface ContractPdfData {
  brandName: string;
  /** The brand colour of titles and headings (`#rrggbb`), the site's own. */
  accentColour: string;
  /** The order number the customer sees (`FV-2026-K7M4Q9`). */
  orderCode: string;
  /** The order's date: printed on the contract and used as the PDF creation date. */
  documentDate: Date;
  customerType: 'privato' | 'business';
  /** Label → value rows of the customer's data, in print order (empty values are left out). */
  customer: Array<[string, string]>;
  activationAddress: string;
  shippingAddress: string;
  /** Number portability and the voice line, label → value (empty: no section). */
  portability: Array<[string, string]>;
  technology: string;
  offer: ContractPriceLine;
  options: ContractPriceLine[];
  totals: { monthly: number; oneOff: number };
  /**
   * The offer's terms, one sentence each (contract `offerTermsWording`): the commitment, the voucher,
   * the exit costs and what leaving early costs. The contract summary prints the same sentences.
   */
  terms: string[];
  /** The promo as applied, with its months and the monthly price after it (contract `promoTermsWording`); null without one. */
  promo: string | null;
  sepa: SepaMandate;
  /** Each consent as the ledger has it, label → answer with its time and text version (empty: no section). */
  consents?: Array<[string, string]>;
  /** SHA-256 of the contract summary shown with this contract: printed, so signing the contract signs the summary. */
  summarySha256?: string;
  /**
   * The order's router (contract `chosenRouter`): the general terms print the clause of its terms (comodato,
   * rental, purchase, instalments, own modem) and the modem-libero clause. Null: none; absent: every case.
   */
  router?: ContractRouter | null;
  /** The provider's customer-service email and PEC: the withdrawal form names them as ways to send it. */
  traderContacts?: { email: string; pec: string };
}

/** What the modem clause needs of a catalogue router. */
export type ContractRouter = Pick<Option, 'id' | 'name' | 'included' | 'recurrent_cost' | 'cash_amount' | 'instalments'>;

export interface RenderOptions {
  /** Compressed content streams (default). Tests may turn it off to read the text. */
  compress?: boolean;
}

/** The authorisation and refund wording of the mandate's scheme (EPC rulebooks, Italian text the banks use). */
export const mandateWording = (sepa: Pick<SepaMandate, 'creditorName' | 'scheme'>): string => {
  const authorisation = `Sottoscrivendo il presente mandato il debitore autorizza ${sepa.creditorName} a richiedere alla propria banca l'addebito del conto e la banca ad addebitare il conto secondo le istruzioni del creditore.`;
  return sepa.scheme === 'B2B'
    ? `${authorisation} Il presente mandato è finalizzato esclusivamente a transazioni tra imprese (schema SEPA B2B). Il debitore non ha diritto al rimborso dopo l'addebito in conto, ma può chiedere alla propria banca di non addebitare il conto fino al giorno in cui il pagamento è dovuto.`
    : `${authorisation} Il debitore ha diritto al rimborso dalla propria banca secondo gli accordi e le condizioni che regolano il rapporto con essa; il rimborso deve essere richiesto entro 8 settimane dalla data di addebito.`;
};

const summaryBullets = (data: ContractPdfData): string[] => [
  `Operatore: ${data.brandName}. Offerta "${data.offer.name}" in tecnologia ${data.technology || 'da verificare'}.`,
  `Prezzo: ${formatEuro(data.totals.monthly)} al mese (${vatWording(data.customerType)}) e ${formatEuro(data.totals.oneOff)} una tantum, come dettagliato nella sezione Offerta.`,
  ...(data.promo ? [`Promozione ${data.promo}.`] : []),
  // The offer's own terms: a commitment, a voucher and what leaving costs are the offer's, never a stock sentence.
  ...data.terms,
  'Dispositivi: alla cessazione restano dovute solo le eventuali rate residue dei dispositivi acquistati a rate.',
  // The 14-day withdrawal is a consumer's right (Codice del Consumo art. 52): a business contract has none.
  ...(data.customerType === 'business' ? [] : ['Ripensamento: entro 14 giorni dalla conclusione del contratto puoi recedere senza alcuna motivazione e senza costi.']),
  'Velocità: le prestazioni minime garantite e la velocità massima sono indicate nella scheda tecnica dell\'offerta e verificabili con Ne.Me.Sys. (misurainternet.it).',
  'Pagamento: addebito diretto SEPA sul conto indicato nel mandato, con fattura mensile elettronica.',
  'Assistenza e reclami: servizio clienti telefonico e online; in caso di mancata risposta entro 30 giorni puoi rivolgerti al CORECOM tramite la piattaforma ConciliaWeb.',
];

const MODEM_LIBERO = 'Il Cliente è sempre libero di utilizzare un proprio modem compatibile, senza costi aggiuntivi (modem libero, delibera AGCOM 348/18/CONS).';

/** The modem clause of the order's router, in the terms offer-transparency `routerTerms` gives it; every case when the router is not known. */
function modemTerms(router: ContractRouter | null | undefined, everyCase: string): string {
  if (router === undefined) return everyCase;
  const terms = router === null ? 'own' : routerTerms(router);
  if (router === null || terms === 'own') {
    return 'Il Cliente utilizza un proprio modem compatibile, senza costi aggiuntivi (modem libero, delibera AGCOM 348/18/CONS); l\'operatore gli fornisce i parametri per configurarlo.';
  }
  const name = `Il dispositivo «${router.name}»`;
  switch (terms) {
    case 'included':
      return `${name} è fornito in comodato d'uso gratuito, incluso nel canone: resta di proprietà dell'operatore, non prevede rate né riscatto e va restituito entro 30 giorni dalla cessazione, senza costi. ${MODEM_LIBERO}`;
    case 'rental':
      return `${name} è fornito a noleggio al canone di ${formatEuro(router.recurrent_cost)} al mese, dovuto finché il servizio è attivo: resta di proprietà dell'operatore, non può essere riscattato e va restituito entro 30 giorni dalla cessazione, senza ulteriori costi. ${MODEM_LIBERO}`;
    case 'purchase':
      return `${name} è acquistato dal Cliente in un'unica soluzione (${formatEuro(router.cash_amount)}): diventa di sua proprietà, senza rate, e non va restituito. ${MODEM_LIBERO}`;
    case 'instalments': {
      const n = router.instalments ?? 0;
      const upfront = router.cash_amount > 0 ? `un anticipo di ${formatEuro(router.cash_amount)} e ` : '';
      return `${name} è acquistato dal Cliente a rate: ${upfront}${n} rate mensili da ${formatEuro(router.recurrent_cost)} (totale ${formatEuro(router.cash_amount + n * router.recurrent_cost)}). ` +
        `Diventa di proprietà del Cliente e non va restituito; se il contratto cessa prima dell'ultima rata, il Cliente può pagare le rate residue in un'unica soluzione o proseguire a rate. ${MODEM_LIBERO}`;
    }
  }
}

const GENERAL_TERMS: Array<[string, string]> = [
  ['Oggetto', 'Il contratto ha per oggetto la fornitura del servizio di accesso a Internet su rete fissa ed eventualmente del servizio voce, alle condizioni economiche indicate nella sezione Offerta e nelle presenti condizioni generali.'],
  ['Conclusione e durata', 'Il contratto si conclude con la firma elettronica del Cliente tramite codice monouso. È a tempo indeterminato oppure, se l\'offerta prevede un vincolo di durata, vincola il Cliente per i mesi indicati nella sintesi contrattuale, al termine dei quali prosegue a tempo indeterminato. L\'attivazione avviene di norma entro 30 giorni dalla conclusione, salvo impedimenti tecnici comunicati al Cliente.'],
  ['Diritto di ripensamento', 'Trattandosi di contratto concluso a distanza, il Cliente consumatore può recedere entro 14 giorni dalla conclusione senza indicarne il motivo e senza costi, con comunicazione scritta o tramite il servizio clienti. Se il Cliente ha chiesto l\'attivazione durante tale periodo, è dovuto solo il corrispettivo per il servizio fruito.'],
  ['Recesso', 'Il Cliente può recedere in qualsiasi momento con preavviso di 30 giorni, anche durante un eventuale vincolo di durata. Sono dovuti unicamente i costi di uscita giustificati dai costi sostenuti dall\'operatore, indicati nella sintesi contrattuale distintamente per il passaggio ad altro operatore e per la cessazione del servizio; se il recesso avviene prima della fine del vincolo, quanto la sintesi contrattuale indica per il recesso anticipato; e le rate residue dei dispositivi acquistati a rate, che il Cliente può scegliere di pagare in un\'unica soluzione.'],
  ['Modem e dispositivi', 'Il modem fornito in comodato d\'uso gratuito, incluso nel canone, resta di proprietà dell\'operatore e va restituito entro 30 giorni dalla cessazione, senza costi. ' +
    'Il modem fornito a noleggio, al canone mensile indicato nella sezione Offerta e dovuto finché il servizio è attivo, resta di proprietà dell\'operatore, non può essere riscattato e va restituito entro 30 giorni dalla cessazione, senza ulteriori costi. ' +
    'Il modem acquistato, in un\'unica soluzione o a rate, diventa di proprietà del Cliente e non va restituito; se il contratto cessa prima dell\'ultima rata, il Cliente può pagare le rate residue in un\'unica soluzione o proseguire a rate. ' +
    MODEM_LIBERO],
  ['Fatturazione e pagamento', 'La fattura è emessa con cadenza mensile in formato elettronico e resa disponibile nell\'area clienti. Il pagamento avviene mediante addebito diretto SEPA secondo il mandato sottoscritto; in caso di mancato pagamento l\'operatore può sospendere il servizio previo preavviso.'],
  ['Modifiche contrattuali', 'Eventuali modifiche delle condizioni sono comunicate con almeno 30 giorni di preavviso; il Cliente che non le accetta può recedere senza penali né costi di disattivazione.'],
  ['Qualità del servizio e indennizzi', 'L\'operatore rispetta gli standard di qualità pubblicati sul proprio sito e corrisponde gli indennizzi previsti dalla Carta dei servizi in caso di ritardata attivazione o interruzione del servizio.'],
  ['Dati personali', 'I dati del Cliente sono trattati secondo il Regolamento (UE) 2016/679 e l\'informativa privacy consegnata al momento della richiesta, per le sole finalità di esecuzione del contratto e per quelle a cui il Cliente ha acconsentito.'],
  ['Reclami e controversie', 'I reclami possono essere presentati al servizio clienti, che risponde entro 30 giorni. Per le controversie è obbligatorio il tentativo di conciliazione presso il CORECOM competente tramite la piattaforma ConciliaWeb.'],
];

/** The general terms of a customer type, numbered: a business contract leaves out the consumer's withdrawal right. */
const generalTerms = (customerType: ContractPdfData['customerType'], router?: ContractRouter | null): Array<[string, string]> =>
  GENERAL_TERMS
    .filter(([title]) => customerType !== 'business' || !title.includes('ripensamento'))
    .map(([title, text], i) => [`${i + 1}. ${title}`, title === 'Modem e dispositivi' ? modemTerms(router, text) : text]);

/**
 * Codice del Consumo allegato I, parte B: the model withdrawal form, in the contract a consumer keeps,
 * with the ways to send it (the online page needs only the order number and a code).
 */
function withdrawalForm(l: Layout, data: ContractPdfData): void {
  const contacts = data.traderContacts;
  // Allegato I-B: the recipient with its geographic address and, where there is one, its email.
  const recipient = `${data.sepa.creditorName}, ${data.sepa.creditorAddress}${contacts ? `, email ${contacts.email}, PEC ${contacts.pec}` : ''}`;
  l.ensure(300);
  l.section('Modulo di recesso tipo');
  l.paragraph(
    `Puoi recedere entro 14 giorni dalla firma senza indicarne il motivo: online dalla pagina «Recesso» del sito con il numero d'ordine ${data.orderCode} e un codice di conferma, ` +
      `oppure inviando questo modulo o un'altra dichiarazione esplicita a ${data.sepa.creditorName}: per posta a ${data.sepa.creditorAddress}` +
      `${contacts ? `, per email all'indirizzo ${contacts.email} o per PEC all'indirizzo ${contacts.pec}` : ''}.`,
    { size: 9.5 },
  );
  l.paragraph('(compilare e restituire il presente modulo solo se si desidera recedere dal contratto)', { size: 9, color: MUTED });
  for (const line of [
    `Destinatario: ${recipient}`,
    `Con la presente io/noi (*) notifichiamo il recesso dal mio/nostro (*) contratto di fornitura del seguente servizio: ${data.offer.name}, ordine ${data.orderCode}`,
    'Ordinato il (*)/ricevuto il (*): ...........................',
    'Nome del/dei consumatore(i): ...........................',
    'Indirizzo del/dei consumatore(i): ...........................',
    'Firma del/dei consumatore(i) (solo se il presente modulo è notificato in versione cartacea): ...........................',
    'Data: ...........................',
  ]) l.paragraph(line, { size: 9.5 });
  l.paragraph('(*) Cancellare la dicitura inutile.', { size: 9, color: MUTED });
}

/** Renders the contract; resolves with the whole file. */
export function renderContractPdf(data: ContractPdfData, options: RenderOptions = {}): Promise<Buffer> {
  const { doc, layout: l, done } = newPdf({
    title: `Contratto ${data.brandName} - ordine ${data.orderCode}`, author: data.brandName, subject: `Contratto ${data.offer.name}`,
    date: data.documentDate, accent: data.accentColour, ...(options.compress === undefined ? {} : { compress: options.compress }),
  });

  // Header: brand, title, order code and date.
  doc.font(BOLD).fontSize(22).fillColor(data.accentColour).text(data.brandName, l.left, 50, { width: l.width });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED)
    .text(`Ordine ${data.orderCode} - ${italianDay(data.documentDate)}`, l.left, 56, { width: l.width, align: 'right' });
  doc.y = 84;
  doc.font(BOLD).fontSize(15).fillColor(INK).text(`Contratto ${data.offer.name}`, l.left, doc.y, { width: l.width });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED)
    .text(data.customerType === 'business' ? 'Cliente business' : 'Cliente privato (consumatore)', { width: l.width });

  l.section(data.customerType === 'business' ? 'Dati dell\'azienda e del referente' : 'Dati del cliente');
  l.rows(data.customer);

  l.section('Indirizzi');
  l.rows([
    ['Indirizzo di attivazione', data.activationAddress],
    ['Indirizzo di spedizione', data.shippingAddress],
  ]);

  if (data.portability.length > 0) {
    l.section('Linea voce e portabilità');
    l.rows(data.portability);
  }

  l.section('Offerta');
  l.rows([['Offerta', data.offer.name], ['Tecnologia', data.technology]]);
  doc.moveDown(0.3);
  l.priceTable([data.offer, ...data.options], data.totals);

  l.section('Mandato per addebito diretto SEPA');
  l.rows([
    ['Riferimento del mandato', data.sepa.reference],
    ['Identificativo del creditore', data.sepa.creditorId],
    ['Creditore', data.sepa.creditorName],
    ['Indirizzo del creditore', data.sepa.creditorAddress],
    ['Schema', data.sepa.scheme === 'B2B' ? 'SEPA Direct Debit B2B (tra imprese)' : 'SEPA Direct Debit Core'],
    ['Debitore (intestatario del conto)', data.sepa.debtorName],
    ['Codice fiscale / P. IVA', data.sepa.debtorTaxCode],
    ['IBAN', groupIban(data.sepa.iban)],
    ['Tipo di pagamento', data.sepa.paymentType],
  ]);
  doc.moveDown(0.3);
  l.paragraph(mandateWording(data.sepa), { size: 9, color: MUTED });
  l.paragraph('Luogo e data di sottoscrizione: sottoscritto a distanza con firma elettronica avanzata, nel luogo e alla data indicati nell\'attestazione di firma in fondo al documento.', { size: 9, color: MUTED });

  if (data.consents && data.consents.length > 0) {
    l.section('Consensi al trattamento dei dati');
    l.rows(data.consents, 190);
  }

  l.section('Sintesi contrattuale');
  l.paragraph(
    'La sintesi contrattuale (Regolamento di esecuzione (UE) 2019/2243, delibera AGCOM n. 307/23/CONS) è consegnata con questo contratto, ne fa parte ed è allegata al documento firmato.' +
      (data.summarySha256 ? ` Impronta SHA-256 della sintesi: ${data.summarySha256}.` : ''),
    { size: 9, color: MUTED },
  );
  l.bullets(summaryBullets(data));

  doc.addPage();
  l.section('Condizioni generali di contratto');
  for (const [title, text] of generalTerms(data.customerType, data.router)) {
    l.ensure(50);
    l.paragraph(title, { bold: true });
    l.paragraph(text, { size: 9.5 });
  }

  if (data.customerType !== 'business') withdrawalForm(l, data);

  // The signed file appends the summary and the evidence page to these pages: each part's footer names it and counts its own pages.
  pageFooters(l, (page, count) => `${data.brandName} - contratto dell'ordine ${data.orderCode} - pagina ${page} di ${count}`);
  doc.end();
  return done;
}

import { toItalianDate, withdrawalLastDay } from '@checkout/contract';
import { renderWithdrawalReceiptPdf } from '../../infra/pdf/withdrawal-receipt-pdf';
import { getCatalogueOffer } from '../catalog';
import { parseStoredFields } from '../orders';
import type { WithdrawalFormConfig } from './withdrawal-form';

/*
 * What the customer is told once a withdrawal is received (Codice del Consumo art. 54 c. 3): the receipt
 * attached to the email, and the list of what happens next that the email and the receipt both say. The
 * sentences are those of the withdrawal information the customer read before signing (web/src/locales/it.json,
 * `signature.withdrawal`), put in the past tense of a withdrawal that happened; the one about the modem is
 * the same words (a test compares them).
 */

/** The modem sentence of the withdrawal information, as the signature page shows it. */
export const EQUIPMENT_RETURN = 'Se hai già ricevuto il modem o altri apparati, restituiscili senza indebito ritardo e comunque entro 14 giorni dal giorno in cui ci hai comunicato il recesso. '
  + 'Il termine è rispettato se li rispedisci prima della scadenza dei 14 giorni; i costi diretti della restituzione sono a nostro carico.';

/**
 * What happens after a withdrawal received at `receivedAt`: the refund (art. 56), what the service
 * costs (art. 57 c. 3 when the customer asked to start within the 14 days, c. 4 otherwise), the equipment.
 */
export function withdrawalNextSteps({ receivedAt, earlyActivationRequested }: { receivedAt: Date; earlyActivationRequested: boolean }): string[] {
  // 14 days from the Italian day the withdrawal arrived: the period's own count, from another day.
  const refundBy = toItalianDate(withdrawalLastDay(receivedAt));
  return [
    `Ti rimborseremo tutti i pagamenti che hai effettuato a nostro favore senza indebito ritardo e comunque entro 14 giorni dal giorno in cui abbiamo ricevuto il recesso, cioè entro il ${refundBy}, `
      + 'con lo stesso mezzo di pagamento che hai usato per la transazione iniziale, salvo che tu abbia espressamente convenuto altrimenti; non sosterrai alcun costo per il rimborso (art. 56 Codice del Consumo).',
    earlyActivationRequested
      ? 'Avevi chiesto di iniziare la prestazione del servizio durante il periodo di recesso: ci devi solo un importo proporzionale a quanto fornito fino al momento in cui ci hai comunicato il recesso, '
        + 'rispetto a tutte le prestazioni previste dal contratto (art. 57 c. 3 Codice del Consumo). Se il servizio non era ancora attivo, non devi nulla.'
      : 'Non avevi chiesto di iniziare il servizio durante il periodo di recesso: non devi nulla per il servizio (art. 57 c. 4 Codice del Consumo).',
    EQUIPMENT_RETURN,
  ];
}

export type WithdrawalReceiptConfig = WithdrawalFormConfig;

export interface WithdrawalReceiptOrder {
  orderNumber: string;
  fieldsJson: string;
  offerId: number | null;
  customerType: 'privato' | 'business';
  signedAt: Date | null;
  receivedAt: Date;
  channel: 'online';
  nextSteps: readonly string[];
  trackingUrl: string;
}

const field = (f: Record<string, unknown>, key: string): string => (typeof f[key] === 'string' ? (f[key] as string).trim() : '');

/** The contract's holder: the company, or the person's first and last name. */
export function contractHolderOf(fieldsJson: string): string | null {
  const f: Record<string, unknown> = parseStoredFields(fieldsJson);
  return field(f, 'ragione_sociale') || [field(f, 'first_name'), field(f, 'last_name')].filter(Boolean).join(' ') || null;
}

/** The order's withdrawal receipt, issued by the provider of the contract (the SEPA creditor the contract prints). */
export function orderWithdrawalReceiptPdf(config: WithdrawalReceiptConfig, order: WithdrawalReceiptOrder): Promise<Buffer> {
  let service: string | null = null;
  if (order.offerId !== null) {
    try { service = getCatalogueOffer(order.offerId, { customerType: order.customerType }).name; } catch { service = null; }
  }
  return renderWithdrawalReceiptPdf({
    brandName: config.brandName,
    accentColour: config.brandColour,
    issuer: { name: config.sepaCreditorName, address: config.sepaCreditorAddress },
    orderCode: order.orderNumber,
    customerName: contractHolderOf(order.fieldsJson),
    service,
    signedAt: order.signedAt,
    receivedAt: order.receivedAt,
    channel: order.channel,
    nextSteps: order.nextSteps,
    supportEmail: config.supportEmail,
    trackingUrl: /^https?:\/\//.test(order.trackingUrl) ? order.trackingUrl : null,
  });
}

export const withdrawalReceiptFilename = (orderNumber: string): string => `ricevuta-di-recesso-${orderNumber}.pdf`;

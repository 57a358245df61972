import type { Config } from '../../config';
import { renderWithdrawalFormPdf } from '../../infra/pdf/withdrawal-form-pdf';
import { getCatalogueOffer } from '../catalog';

export type WithdrawalFormConfig = Pick<Config, 'brandName' | 'brandColour' | 'publicBaseUrl' | 'sepaCreditorName' | 'sepaCreditorAddress' | 'supportEmail' | 'pecAddress'>;

export interface WithdrawalFormOrder {
  orderNumber: string;
  signedAt: Date;
  offerId: number | null;
  customerType: 'privato' | 'business';
}

/** The order's online withdrawal page (`/recesso/<order number>`, the thank-you page's link). */
export const withdrawalUrlOf = (publicBaseUrl: string, orderNumber: string): string => `${publicBaseUrl}/recesso/${encodeURIComponent(orderNumber)}`;

/**
 * The order's model withdrawal form, as the signed-contract email attaches it and the tracking page offers it:
 * the recipient is the provider of the contract (the SEPA creditor the contract prints), the service the offer.
 */
export function orderWithdrawalFormPdf(config: WithdrawalFormConfig, order: WithdrawalFormOrder): Promise<Buffer> {
  let service: string | null = null;
  if (order.offerId !== null) {
    try { service = getCatalogueOffer(order.offerId, { customerType: order.customerType }).name; } catch { service = null; }
  }
  return renderWithdrawalFormPdf({
    brandName: config.brandName,
    accentColour: config.brandColour,
    recipient: { name: config.sepaCreditorName, address: config.sepaCreditorAddress, email: config.supportEmail, pec: config.pecAddress },
    orderCode: order.orderNumber,
    orderedAt: order.signedAt,
    service,
    onlineUrl: /^https?:\/\//.test(config.publicBaseUrl) ? withdrawalUrlOf(config.publicBaseUrl, order.orderNumber) : null,
  });
}

export const withdrawalFormFilename = (orderNumber: string): string => `modulo-di-recesso-${orderNumber}.pdf`;

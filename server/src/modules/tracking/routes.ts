import { endpoints, trackingDocumentDownload } from '@checkout/contract';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createMessageChannels } from '../../infra/messaging/channels';
import { countingCodeSends } from '../../infra/metrics';
import type { MessageChannels } from '../../infra/messaging/channels';
import { openStorage } from '../../infra/storage';
import { assertApiKey } from '../../http/api-key';
import { registerEndpoint, stripClientFields } from '../../http/endpoint';
import { parseOrThrow } from '../../http/errors';
import type { AppModule } from '../app-module';
import { orderWithdrawalFormPdf } from '../notifications';
import { DEFAULT_SEND_LIMITS, DEVELOPMENT_OTP_PEPPER, createCustomerDevices } from '../signature';
import type { DestinationLimits } from '../signature';
import { createTrackingService } from './service';
import type { WithdrawalFormRenderer } from './service';

export interface TrackingModuleOptions {
  /** The clock (tests move it past the code's 10 minutes and the access's 30). */
  now?: () => Date;
  /** Replaces the configured channels (tests). */
  channels?: (config: Config, db: Db) => MessageChannels;
  limits?: Partial<DestinationLimits>;
  /** send-otp per client IP a minute (as the withdrawal and consent pages'). */
  sendOtpPerMinute?: number;
  /** The withdrawal form's PDF (infra/pdf/withdrawal-form-pdf.ts); without it the details offer none. */
  renderWithdrawalForm?: WithdrawalFormRenderer;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The customer's tracking page (`/ordine/:ordercode`): the public status, the code that opens the details,
 * the details, the appointment booking and the document download (docs/side-flows.md, "Tracking").
 */
export function createTrackingModule(options: TrackingModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const { config, db } = deps;
    const channels = countingCodeSends(options.channels ? options.channels(config, db) : createMessageChannels(config, db, app.log), deps.metrics);
    app.addHook('onClose', async () => channels.close());
    const pepper = config.otpPepper ?? DEVELOPMENT_OTP_PEPPER;
    const { clientOf, asDevice } = createCustomerDevices(pepper);
    const service = createTrackingService({
      db, channels, brandName: config.brandName, storage: openStorage(config, db), pepper,
      now: options.now ?? deps.now, limits: { ...DEFAULT_SEND_LIMITS, ...options.limits },
      renderWithdrawalForm: options.renderWithdrawalForm ?? ((order) => orderWithdrawalFormPdf(config, {
        orderNumber: order.order_number, signedAt: new Date(order.signed_at), offerId: order.offer_id, customerType: order.customer_type,
      })),
    });

    registerEndpoint(app, endpoints.trackingStatus, async ({ body, req }) => service.status(body.order_number, clientOf(req)),
      { rateLimit: { max: 30, timeWindow: '1 minute' } });
    registerEndpoint(app, endpoints.trackingSendOtp, async ({ body, req }) => service.sendCode(body.order_number, body.mode, clientOf(req)),
      { rateLimit: { max: options.sendOtpPerMinute ?? 10, timeWindow: '1 minute' } });
    // The guesses are bounded by the code's five tries, the rest by this limit.
    registerEndpoint(app, endpoints.trackingVerify, async ({ body, req, reply }) => asDevice(req, reply, (client) => service.verify(body.order_number, body.otp, body.challenge_id, client)),
      { rateLimit: { max: 20, timeWindow: '1 minute' } });
    registerEndpoint(app, endpoints.trackingDetails, async ({ body }) => service.details(body.token),
      { rateLimit: { max: 60, timeWindow: '1 minute' } });
    registerEndpoint(app, endpoints.trackingBookAppointment, async ({ body }) => service.book(body.token, body.slot_id),
      { rateLimit: { max: 20, timeWindow: '1 minute' } });

    // Answers the PDF itself, so not through registerEndpoint (whose answers are envelopes); refusals are the usual envelope.
    app.post(trackingDocumentDownload.path, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req, reply) => {
      const raw = isPlainObject(req.body) ? req.body : {};
      assertApiKey(config.publicApiKey, raw.api_key);
      const body = parseOrThrow(trackingDocumentDownload.request, stripClientFields(raw));
      const { bytes, filename } = await service.document(body.token, body.document);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    });
  };
}

export const trackingModule: AppModule = createTrackingModule();

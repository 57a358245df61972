import { endpoints } from '@checkout/contract';
import type { Config } from '../../config';
import { ConfigError, signatureConfigProblems } from '../../config';
import type { Db } from '../../db';
import { createMessageChannels } from '../../infra/messaging/channels';
import { countingCodeSends } from '../../infra/metrics';
import type { MessageChannels } from '../../infra/messaging/channels';
import { listOutbox } from '../../infra/messaging/dev-outbox';
import { registerEndpoint } from '../../http/endpoint';
import { sendNotFound } from '../../http/error-handler';
import { createPdfSealer, loadSeal } from '../../infra/pdf/pdf-seal';
import { openStorage } from '../../infra/storage';
import type { AppModule } from '../app-module';
import { toItalianE164 } from './masking';
import { DEFAULT_SEND_LIMITS, DEVELOPMENT_OTP_PEPPER, createSignatureService } from './service';
import { createConsentChangeService } from './consent-changes';
import { createMobileNumberChangeService } from './mobile-number-change';
import { createWithdrawalService } from './withdrawal';
import { createCustomerDevices } from './customer-device';
import type { SendLimits } from './service';

export interface SignatureModuleOptions {
  /** The clock (tests move it past the cooldown and the code's 10 minutes). */
  now?: () => Date;
  limits?: Partial<SendLimits>;
  /** Replaces the configured channels (tests: a channel that fails). */
  channels?: (config: Config, db: Db) => MessageChannels;
  /** Burst limit of send-otp per client IP a minute, on top of the hourly limits (shared through Redis when REDIS_URL is set). */
  sendOtpPerMinute?: number;
}

/** This machine, over IPv4, IPv6 or IPv4 mapped into IPv6. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const isLoopback = (address: string | undefined): boolean => address !== undefined && LOOPBACK.has(address);


/** `?to=` of the outbox: a phone number in any usual spelling (`+` arrives as a space in a query), or an email. */
const outboxDestination = (raw: unknown): string | undefined => {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const value = raw.trim();
  if (/^[\d\s+()-]+$/.test(value)) return toItalianE164(value) ?? value;
  return value.toLowerCase();
};

/**
 * change-mobile-phone-number (and its confirm-mobile-phone-number), send-otp, contract-preview, sign-with-otp (SPEC §7), the signed PDF download
 * (`GET /api/orders/{order_hash}/signed-contract`), the evidence bundle (`GET /api/orders/{order_hash}/evidence-bundle`) and, outside production, the development outbox
 * (`GET /api/dev/outbox?to=`).
 */
export function createSignatureModule(options: SignatureModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const { config, db } = deps;
    const now = options.now ?? deps.now;
    // Refuse to start rather than take orders nobody can sign.
    const problems = signatureConfigProblems(config);
    if (problems.length > 0) throw new ConfigError(problems);

    const channels = countingCodeSends(options.channels ? options.channels(config, db) : createMessageChannels(config, db, app.log), deps.metrics);
    app.addHook('onClose', async () => channels.close());
    // The seal on every signed contract: the configured certificate, or the development one.
    const sealer = createPdfSealer(await loadSeal({
      p12Path: config.sealP12Path, passphrase: config.sealP12Passphrase, storage: openStorage(config, db), name: config.sepaCreditorName,
    }));
    const limits: SendLimits = { ...DEFAULT_SEND_LIMITS, perIpPerHour: config.otpSendsPerIpPerHour, ...options.limits };
    const service = createSignatureService({ db, config, channels, sealer, now, limits });
    const pepper = config.otpPepper ?? DEVELOPMENT_OTP_PEPPER;
    // The calls that check a code give the browser a device cookie: a right code proves its destination for it.
    const { clientOf, asDevice } = createCustomerDevices(pepper);

    const numberChanges = createMobileNumberChangeService({
      db, channels, brandName: config.brandName, pepper, now, limits,
    });
    registerEndpoint(app, endpoints.changeMobilePhoneNumber, async ({ body, params, req }) =>
      numberChanges.request(params.order_hash, body.mobile_phone_number, clientOf(req)),
    { rateLimit: { max: options.sendOtpPerMinute ?? 10, timeWindow: '1 minute' } });
    // Like sign-with-otp: the guesses are bounded by the code's 5 attempts, the rest by the global limit.
    registerEndpoint(app, endpoints.confirmMobilePhoneNumber, async ({ body, params, req, reply }) =>
      asDevice(req, reply, (client) => numberChanges.confirm(params.order_hash, body.otp, client)));

    registerEndpoint(app, endpoints.sendOtp, async ({ body, params, req }) =>
      service.sendOtp(params.order_hash, body.mode, {
        contract_summary_read: body.contract_summary_read, contract_terms_accepted: body.contract_terms_accepted,
        contract_withdrawal_accepted: body.contract_withdrawal_accepted, fea_conditions_accepted: body.fea_conditions_accepted,
      }, clientOf(req), { earlyActivation: body.early_activation_requested, confirmedPaidOptions: body.confirmed_paid_options }),
    { rateLimit: { max: options.sendOtpPerMinute ?? 10, timeWindow: '1 minute' } });

    registerEndpoint(app, endpoints.reopenOrder, async ({ params }) => service.reopenOrder(params.order_hash));

    registerEndpoint(app, endpoints.contractPreview, async ({ params }) => service.contractPreview(params.order_hash));

    registerEndpoint(app, endpoints.signWithOtp, async ({ body, params, req, reply }) => {
      const signed = await asDevice(req, reply, (client) => service.signWithOtp(params.order_hash, body.otp, client));
      deps.metrics.signatures.inc();
      return signed;
    });

    const withdrawals = createWithdrawalService({
      db, channels, brandName: config.brandName, pepper, now, limits,
    });
    registerEndpoint(app, endpoints.withdrawalSendOtp, async ({ body, req }) => withdrawals.sendCode(body.order_number, body.mode, clientOf(req)),
      { rateLimit: { max: options.sendOtpPerMinute ?? 10, timeWindow: '1 minute' } });
    registerEndpoint(app, endpoints.withdrawalConfirm, async ({ body, req, reply }) => asDevice(req, reply, (client) => withdrawals.confirm(body.order_number, body.otp, body.challenge_id, client)),
      { rateLimit: { max: 20, timeWindow: '1 minute' } });

    const consentChanges = createConsentChangeService({
      db, channels, brandName: config.brandName, pepper, now, limits,
    });
    registerEndpoint(app, endpoints.consentsSendOtp, async ({ body, req }) => consentChanges.sendCode(body.order_number, body.mode, clientOf(req)),
      { rateLimit: { max: options.sendOtpPerMinute ?? 10, timeWindow: '1 minute' } });
    registerEndpoint(app, endpoints.consentsUpdate, async ({ body, req, reply }) => asDevice(req, reply, (client) => consentChanges.update(body.order_number, body.otp, body.challenge_id, {
      marketing_consent: body.marketing_consent, profiling_consent: body.profiling_consent, third_party_consent: body.third_party_consent,
    }, client)), { rateLimit: { max: 20, timeWindow: '1 minute' } });

    // A plain GET so the thank-you page can link it: the order's hash and the signature's one-hour link (customer-file-links).
    app.get<{ Params: { order_hash: string }; Querystring: { link?: string } }>('/api/orders/:order_hash/signed-contract', async (req, reply) => {
      const { bytes, filename } = await service.signedContract(req.params.order_hash, req.query.link, clientOf(req));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    });

    // Everything that proves the signature, as one file with a manifest of hashes (the same kind of link as the PDF).
    app.get<{ Params: { order_hash: string }; Querystring: { link?: string } }>('/api/orders/:order_hash/evidence-bundle', async (req, reply) => {
      const { bytes, filename } = await service.evidenceBundle(req.params.order_hash, req.query.link, clientOf(req));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    });

    if (config.nodeEnv !== 'production') {
      // Every code sent, readable: only for this machine. The socket's address, not req.ip, which a
      // proxy header may name (TRUST_PROXY); anyone else gets the same 404 as a production server.
      app.get<{ Querystring: { to?: string } }>('/api/dev/outbox', async (req, reply) => {
        if (!isLoopback(req.socket.remoteAddress)) return sendNotFound(reply);
        return { result: true, data: await listOutbox(db, { to: outboxDestination(req.query.to) }) };
      });
    }
  };
}

export const signatureModule: AppModule = createSignatureModule();

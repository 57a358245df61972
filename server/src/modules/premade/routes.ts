import { endpoints } from '@checkout/contract';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createMessageChannels } from '../../infra/messaging/channels';
import { countingCodeSends } from '../../infra/metrics';
import type { MessageChannels } from '../../infra/messaging/channels';
import { registerEndpoint } from '../../http/endpoint';
import type { AppModule } from '../app-module';
import { DEFAULT_SEND_LIMITS, DEVELOPMENT_OTP_PEPPER, createCustomerDevices } from '../signature';
import type { DestinationLimits } from '../signature';
import { createPremadeService } from './service';

export interface PremadeModuleOptions {
  now?: () => Date;
  /** Calls carrying a pre-made code per IP a minute (codes are 50 random bits; this and the waits keep guessing pointless). */
  fillOrderPerMinute?: number;
  /** Replaces the configured channels (tests). */
  channels?: (config: Config, db: Db) => MessageChannels;
  limits?: Partial<DestinationLimits>;
}

/** fill-order, and the one-time code that opens a pre-made order holding personal data (docs/side-flows.md). */
export function createPremadeModule(options: PremadeModuleOptions = {}): AppModule {
  return async (app, { config, db, now, metrics }) => {
    const channels = countingCodeSends(options.channels ? options.channels(config, db) : createMessageChannels(config, db, app.log), metrics);
    app.addHook('onClose', async () => channels.close());
    const pepper = config.otpPepper ?? DEVELOPMENT_OTP_PEPPER;
    const { clientOf, asDevice } = createCustomerDevices(pepper);
    const service = createPremadeService({
      db, channels, brandName: config.brandName, pepper,
      now: options.now ?? now, limits: { ...DEFAULT_SEND_LIMITS, ...options.limits },
      clientFreeFailures: config.premadeFreeFailuresPerClient,
    });
    const rateLimit = { max: options.fillOrderPerMinute ?? 30, timeWindow: '1 minute' };
    registerEndpoint(app, endpoints.fillOrder, async ({ params, req }) => service.fillOrder(params.code, clientOf(req)), { rateLimit });
    registerEndpoint(app, endpoints.fillOrderSendCode, async ({ params, req }) => service.sendCode(params.code, clientOf(req)),
      { rateLimit: { max: 10, timeWindow: '1 minute' } });
    registerEndpoint(app, endpoints.fillOrderVerify, async ({ body, params, req, reply }) => asDevice(req, reply, (client) => service.verify(params.code, body.otp, body.challenge_id, client)), { rateLimit });
  };
}

export const premadeModule: AppModule = createPremadeModule();

import type { ServerPublicConfig } from '@checkout/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** What the browser may know (the contract's `publicConfigSchema`). */
export const publicConfigOf = (config: Config): ServerPublicConfig => ({
  apiKey: config.publicApiKey,
  brandName: config.brandName,
  brandKey: config.brandKey,
  productName: config.productName,
  gtmId: config.gtmId ?? null,
  legalPagesUrl: config.legalPagesUrl,
});

/** `GET /api/public-config`: the same object the served HTML carries in `<meta name="app-config">`. */
export async function registerPublicConfig(app: FastifyInstance, config: Config): Promise<void> {
  const data = publicConfigOf(config);
  app.get('/api/public-config', async () => ({ result: true, data }));
}

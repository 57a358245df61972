import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** What the browser may know: the public api key (SPEC §6), branding and the GTM container. */
export interface PublicConfig {
  apiKey: string;
  brandName: string;
  productName: string;
  gtmId: string | null;
}

export const publicConfigOf = (config: Config): PublicConfig => ({
  apiKey: config.publicApiKey,
  brandName: config.brandName,
  productName: config.productName,
  gtmId: config.gtmId ?? null,
});

/** `GET /api/public-config`: the same object the served HTML carries in `<meta name="app-config">`. */
export async function registerPublicConfig(app: FastifyInstance, config: Config): Promise<void> {
  const data = publicConfigOf(config);
  app.get('/api/public-config', async () => ({ result: true, data }));
}

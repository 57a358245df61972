import type { Config } from '../config';

// `app.config`: the validated configuration, decorated on the root instance by buildApp and
// visible in every module's scope (registerEndpoint reads the public api key from it).
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export {};

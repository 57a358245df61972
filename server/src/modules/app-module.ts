import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import type { AppMetrics } from '../infra/metrics';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The app's clock: real time in production, a fixed or stepped one in tests. */
  now: () => Date;
  /** The app's Prometheus metrics: modules count what they do (codes, signatures, uploads) and lend their readings. */
  metrics: AppMetrics;
}

/** A feature module: registers its routes (each in its own encapsulated scope). */
export type AppModule = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The app's clock: real time in production, a fixed or stepped one in tests. */
  now: () => Date;
}

/** A feature module: registers its routes (each in its own encapsulated scope). */
export type AppModule = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { catalogModule } from './catalog/routes';
import { coverageModule } from './coverage/routes';
import { documentsModule } from './documents/routes';
import { healthModule } from './health/routes';
import { leadsModule } from './leads/routes';
import { mobileModule } from './mobile/routes';
import { ordersModule } from './orders/routes';
import { premadeModule } from './premade/routes';
import { referenceModule } from './reference/routes';
import { retentionModule } from './retention';
import { signatureModule } from './signature/routes';

export interface AppDeps {
  config: Config;
  db: Db;
}

/** A feature module: registers its routes (each in its own encapsulated scope). */
export type AppModule = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

export const modules: AppModule[] = [
  healthModule,
  catalogModule,
  coverageModule,
  referenceModule,
  ordersModule,
  documentsModule,
  signatureModule,
  premadeModule,
  mobileModule,
  leadsModule,
  retentionModule,
  // Feature modules go here, e.g. referenceModule from './reference/routes', coverageModule, catalogModule, …
];

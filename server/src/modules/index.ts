import type { AppModule } from './app-module';
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
];

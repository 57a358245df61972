import type { AppModule } from './app-module';
import { catalogModule } from './catalog';
import { consoleAuthModule } from './console-auth';
import { consoleDashboardModule } from './console-dashboard';
import { consoleDataModule } from './console-data';
import { consoleOrdersModule } from './console-orders';
import { consoleSalesModule } from './console-sales';
import { coverageModule } from './coverage';
import { documentsModule } from './documents';
import { createEventsModule } from './events';
import { healthModule } from './health';
import { identityModule } from './identity';
import { leadsModule, leadWebhookHandlers } from './leads';
import { mobileModule } from './mobile';
import { appNotificationHandlers } from './notifications';
import { ordersModule } from './orders';
import { premadeModule } from './premade';
import { providerModule, providerTokensConsoleModule } from './provider';
import { referenceModule } from './reference';
import { retentionModule } from './retention';
import { signatureModule } from './signature';
import { trackingModule } from './tracking';

export const modules: AppModule[] = [
  healthModule,
  catalogModule,
  coverageModule,
  referenceModule,
  ordersModule,
  documentsModule,
  signatureModule,
  // Registers nothing without identity configuration.
  identityModule,
  trackingModule,
  premadeModule,
  mobileModule,
  leadsModule,
  retentionModule,
  consoleAuthModule,
  consoleDataModule,
  consoleOrdersModule,
  consoleSalesModule,
  consoleDashboardModule,
  providerModule,
  providerTokensConsoleModule,
  // The outbox delivers the provider's webhook, the SPEC's lead webhook and the customer's emails and SMS.
  createEventsModule({ handlers: (deps, app) => ({ ...appNotificationHandlers(deps, app), ...leadWebhookHandlers(deps) }) }),
];

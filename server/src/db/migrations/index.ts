import type { Migration } from 'kysely';
import * as m0001 from './0001-app-meta';
import * as m0002 from './0002-catalog';
import * as m0003 from './0003-coverage';
import * as m0004 from './0004-orders';
import * as m0005 from './0005-signature';
import * as m0006 from './0006-ateco';
import * as m0007 from './0007-side-flows';
import * as m0008 from './0008-coverage-civic-bytewise';
import * as m0009 from './0009-orders-frozen-contract';
import * as m0010 from './0010-orders-number';
import * as m0011 from './0011-signature-withdrawals';
import * as m0012 from './0012-orders-consent-events';
import * as m0013 from './0013-signature-consent-changes';
import * as m0014 from './0014-signature-destination-sends';
import * as m0015 from './0015-mobile-activation-failures';
import * as m0016 from './0016-documents-upload-claims';
import * as m0017 from './0017-premade-unlocks';
import * as m0018 from './0018-signature-mobile-number-changes';
import * as m0019 from './0019-retention-orders-idx';
import * as m0020 from './0020-signature-order-number-failures';
import * as m0021 from './0021-console-accounts';
import * as m0022 from './0022-console-orders';
import * as m0023 from './0023-console-sales';
import * as m0024 from './0024-console-data';
import * as m0025 from './0025-integration';
import * as m0026 from './0026-tracking-access';
import * as m0027 from './0027-file-storage';
import * as m0028 from './0028-orders-partial-indexes';
import * as m0029 from './0029-catalog-promo-duration';
import * as m0030 from './0030-outbox-lead-webhook';
import * as m0031 from './0031-signature-on-timeline';
import * as m0032 from './0032-console-device-cookies';
import * as m0033 from './0033-customer-device-budget';
import * as m0034 from './0034-orders-search-people';
import * as m0036 from './0036-review-checklist';
import * as m0037 from './0037-order-identifications';
import * as m0039 from './0039-orders-provenienza';

/**
 * Every migration, in order, for both dialects (static imports: no filesystem scan, works under tsx and vitest).
 * Add a module's migration as `NNNN-<module>-<what>.ts` and list it here; names sort in execution order.
 */
export const migrations: Record<string, Migration> = {
  '0001-app-meta': m0001,
  '0002-catalog': m0002,
  '0003-coverage': m0003,
  '0004-orders': m0004,
  '0005-signature': m0005,
  '0006-ateco': m0006,
  '0007-side-flows': m0007,
  '0008-coverage-civic-bytewise': m0008,
  '0009-orders-frozen-contract': m0009,
  '0010-orders-number': m0010,
  '0011-signature-withdrawals': m0011,
  '0012-orders-consent-events': m0012,
  '0013-signature-consent-changes': m0013,
  '0014-signature-destination-sends': m0014,
  '0015-mobile-activation-failures': m0015,
  '0016-documents-upload-claims': m0016,
  '0017-premade-unlocks': m0017,
  '0018-signature-mobile-number-changes': m0018,
  '0019-retention-orders-idx': m0019,
  '0020-signature-order-number-failures': m0020,
  '0021-console-accounts': m0021,
  '0022-console-orders': m0022,
  '0023-console-sales': m0023,
  '0024-console-data': m0024,
  '0025-integration': m0025,
  '0026-tracking-access': m0026,
  '0027-file-storage': m0027,
  '0028-orders-partial-indexes': m0028,
  '0029-catalog-promo-duration': m0029,
  '0030-outbox-lead-webhook': m0030,
  '0031-signature-on-timeline': m0031,
  '0032-console-device-cookies': m0032,
  '0033-customer-device-budget': m0033,
  '0034-orders-search-people': m0034,
  '0036-review-checklist': m0036,
  '0037-order-identifications': m0037,
  '0039-orders-provenienza': m0039,
};

import { endpoints } from '@checkout/contract';
import { registerEndpoint } from '../../http/endpoint';
import type { AppModule } from '../app-module';
import { buildingInfo, coverageAt, searchAddresses, servicesAt } from './service';

/** How old an address list sent again from memory may be. */
export const ADDRESS_ANSWER_TTL_MS = 60_000;

/** The coverage calls of SPEC §7 (`/api/utility/check-copertura/…`, except search-comuni: reference module). */
export const coverageModule: AppModule = async (app, { db }) => {
  registerEndpoint(app, endpoints.listAddressAdvanced, async ({ body }) =>
    // third_party_coverage is accepted as SPEC §7 sends it; every address is listed either way,
    // whose network sells there is the business of the services call.
    searchAddresses(db, { address: body.address, id_comune: body.id_comune }), {
    // Visitors typing a street ask for the same prefixes again and again. Addresses change only by an
    // import (the CLI's or the console's): a list may be up to a minute older than the last import,
    // as the ATECO list is (docs/decisions.md).
    answerCache: { key: (body) => `${body.id_comune}\u0000${body.address}`, size: 2000, ttlMs: ADDRESS_ANSWER_TTL_MS },
  });

  // The preview has no customer type yet: it answers as for a private customer.
  registerEndpoint(app, endpoints.addressPreview, async ({ body }) => coverageAt(db, body.id_egon_civico, 'privato'));

  registerEndpoint(app, endpoints.getServicesByIdentifier, async ({ body }) => servicesAt(db, body.id_egon_civico));

  registerEndpoint(app, endpoints.getInfoFromIdBuildingOf, async ({ body }) =>
    buildingInfo(db, body.id_building, { openFiberOnly: true }));

  registerEndpoint(app, endpoints.getIdBuildingInfo, async ({ body }) => buildingInfo(db, body.id_building));

  registerEndpoint(app, endpoints.services, async ({ body }) => coverageAt(db, body.id_egon_civico, body.customer_type));
};

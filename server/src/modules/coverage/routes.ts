import { endpoints } from '@checkout/contract';
import { registerEndpoint } from '../../http/endpoint';
import type { AppModule } from '../app-module';
import { buildingInfo, coverageAt, searchAddresses, servicesAt } from './service';

/** The coverage calls of SPEC §7 (`/api/utility/check-copertura/…`, except search-comuni: reference module). */
export const coverageModule: AppModule = async (app, { db }) => {
  registerEndpoint(app, endpoints.listAddressAdvanced, async ({ body }) =>
    // third_party_coverage is accepted as SPEC §7 sends it; every address is listed either way,
    // whose network sells there is the business of the services call.
    searchAddresses(db, { address: body.address, id_comune: body.id_comune }));

  // The preview has no customer type yet: it answers as for a private customer.
  registerEndpoint(app, endpoints.addressPreview, async ({ body }) => coverageAt(db, body.id_egon_civico, 'privato'));

  registerEndpoint(app, endpoints.getServicesByIdentifier, async ({ body }) => servicesAt(db, body.id_egon_civico));

  registerEndpoint(app, endpoints.getInfoFromIdBuildingOf, async ({ body }) =>
    buildingInfo(db, body.id_building, { openFiberOnly: true }));

  registerEndpoint(app, endpoints.getIdBuildingInfo, async ({ body }) => buildingInfo(db, body.id_building));

  registerEndpoint(app, endpoints.services, async ({ body }) => coverageAt(db, body.id_egon_civico, body.customer_type));
};

/*
 * Catalog: the offers file, offer pages and their PDF sheet, promo codes.
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { catalogModule, createCatalogModule } from './routes';
export { seedPromoCodes } from './seed';
export { applicablePromo, getCatalogueOffer, loadCatalog, offerSoldInCluster, offersForCoverage } from './service';

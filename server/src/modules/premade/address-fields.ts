import { ERROR_CODES } from '@checkout/contract';
import type { Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import { coverageAt } from '../coverage';
import type { CustomerType } from '../coverage';
import type { OrderFields } from '../orders';

/**
 * The form fields of an activation address, as the coverage step would have filled them: so a
 * pre-made order opens with the address and its coverage already chosen.
 */
export async function addressFields(db: Db, idEgonCivico: string, customerType: CustomerType): Promise<OrderFields> {
  let coverage;
  try {
    coverage = await coverageAt(db, idEgonCivico, customerType);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) {
      throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { id_egon_civico: 'Indirizzo non trovato.' });
    }
    throw err;
  }
  const a = coverage.address;
  const technology = coverage.suggested_technology ?? '';
  return {
    address: a.street, number: a.number, city: a.city, zip_code: a.zip_code, province: a.province, id_comune: a.id_comune,
    id_egon_civico: a.id_egon_civico, id_building: a.id_building ?? '',
    services_coverage: coverage.services, suggested_technology: technology, technology,
    openfiber_cluster: coverage.openfiber_cluster ?? '', cluster: coverage.openfiber_cluster ?? '',
  };
}

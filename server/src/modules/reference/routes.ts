import { endpoints, ERROR_CODES } from '@checkout/contract';
import { registerEndpoint } from '../../http/endpoint';
import { AppError, MESSAGES } from '../../http/errors';
import type { AppModule } from '../app-module';
import { searchAteco } from './ateco';
import { createAtecoSource } from './ateco-source';
import { decodeCf, generateCf, looksLikeCf } from './codice-fiscale';
import { listProvinces, searchComuni } from './comuni';
import { listCountries } from './countries';
import { normaliseIban, validateIban } from '@checkout/contract/italian/iban';
import { normaliseMigrationCode, validateMigrationCode } from './migration-code';
import { listFixedOperators, listMobileOperators } from './operators';

/** A 422 on one field, in the same shape zod failures get. */
const fieldError = (field: string, message: string): AppError =>
  new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { [field]: message });

/*
 * Validation calls answer 200 with `valid: false` for input that has the shape of the thing
 * (a 16-character CF with a wrong check letter, an IBAN with a wrong checksum or CIN, a migration
 * code with a COS out of range) and 422 with a field error only for input that cannot be one at all.
 * See README.md in this folder.
 */

/** Two letters, two check digits, 1-30 letters/digits: anything else is not an IBAN at all. */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/;
/** Letters and digits only after separators are dropped, and long enough to hold COW + check. */
const MIGRATION_CODE_SHAPE = /^[A-Z0-9]{4,25}$/;

/** Reference data and validators of SPEC §7 (issue 3): pure services; only ATECO may come from the database. */
export const referenceModule: AppModule = async (app, { db }) => {
  const atecoEntries = createAtecoSource(db);
  registerEndpoint(app, endpoints.provinces, async () => listProvinces());
  registerEndpoint(app, endpoints.countries, async () => listCountries());
  registerEndpoint(app, endpoints.getAteco, async ({ body }) => searchAteco(body.search, await atecoEntries()));
  registerEndpoint(app, endpoints.telephoneOperators, async () => listFixedOperators());
  registerEndpoint(app, endpoints.mobileOperators, async () => listMobileOperators());
  // Static data, and the comune picker asks for the same prefixes (`r`, `ro`, `rom`…) again and again.
  registerEndpoint(app, endpoints.searchComuni, async ({ body }) => searchComuni(body.search), {
    answerCache: { key: (body) => body.search, size: 2000 },
  });

  registerEndpoint(app, endpoints.cfLookup, async ({ body }) => {
    if (!looksLikeCf(body.cf)) throw fieldError('cf', 'Codice fiscale non valido');
    return decodeCf(body.cf);
  });

  registerEndpoint(app, endpoints.cfGenerator, async ({ body }) => {
    const result = await generateCf(body);
    if (!result.ok) throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, result.fields);
    return { cf: result.cf };
  });

  registerEndpoint(app, endpoints.ibanValidation, async ({ body }) => {
    if (!IBAN_SHAPE.test(normaliseIban(body.iban))) throw fieldError('iban', 'IBAN non valido');
    return validateIban(body.iban);
  });

  registerEndpoint(app, endpoints.validateMigrationCode, async ({ body }) => {
    if (!MIGRATION_CODE_SHAPE.test(normaliseMigrationCode(body.migration_code))) {
      throw fieldError('migration_code', 'Codice di migrazione non valido');
    }
    const { valid, cos, operator } = validateMigrationCode(body.migration_code);
    return { valid, cos, operator };
  });
};

import { DEFAULT_ROUTER_VARIANT, type RouterColour } from '../constants';
import type { PersistentState } from './checkout-state';
import type { FormFields } from './form-fields';

/*
 * The defaults of formFieldsSchema and persistentStateSchema as plain values, without zod: the web's
 * first screen starts its store from them and carries no schema (DESIGN §5). The schemas stay the
 * definition; checkout-defaults.test.ts holds these to `schema.parse({})`, and the types to every field.
 */

/** SPEC §3's default "Blue", as the palette names it. */
const DEFAULT_ROUTER_COLOUR = DEFAULT_ROUTER_VARIANT.toLowerCase() as RouterColour;

/** A fresh checkout form: `formFieldsSchema.parse({})`. */
export const defaultFormFields = (): FormFields => ({
  technology: '', routerVariant: DEFAULT_ROUTER_COLOUR, first_name: '', last_name: '', email: '',
  mobile_phone_number: '', phone_number: '', customer_type: 'privato', customer_origin: '', referer_code: '',
  privacy_consent: false, marketing_consent: false, profiling_consent: false, third_party_consent: false,
  recall: false, contract_terms_accepted: false, contract_withdrawal_accepted: false, address: '',
  number: '', city: '', zip_code: '', province: '', id_comune: '', services_coverage: [],
  suggested_technology: '', openfiber_cluster: '', promo: '', provenienza: '', id_building: '',
  id_egon_civico: '', cluster: '', portability_operator: '', portability_operator_name: '',
  portability_old_number: '', portability_migration_code: '', portability_phone: false,
  portability_internet: false, voip_activation_request: false, voip_old_phone_number: '',
  telephone_request: { operator: '', operator_name: '', old_number: '', migration_code: '' }, options: [],
  cf: '', sex: '', birth_date: '', birth_city: '', birth_province: '', nationality: '', country: '',
  residenza_indirizzo: '', residenza_civico: '', residenza_comune: '', residenza_cap: '',
  residenza_provincia: '', residenza_nazione: '', shipping_same_as_activation: true, shipping_recipient: '',
  shipping_care_of: '', shipping_phone: '', shipping_address: '', shipping_number: '', shipping_city: '',
  shipping_zip: '', shipping_province: '', document_type: '', document_number: '', document_issue_date: '',
  document_expiry_date: '', document_issuer: '', document_issue_comune: '', document_issue_province: '',
  sepa_holder_type: '', sepa_first_name: '', sepa_last_name: '', sepa_company_name: '', sepa_tax_code: '',
  iban: '', attachments: [], health_card_attachment: null, company_tax_code: '', numero_rea: '',
  provincia_rea: '', anno_rea: '', ragione_sociale: '', tipo_impresa: '', nome_albo: '', provincia_albo: '',
  forma_giuridica: '', partita_iva: '', pec: '', sdi: '', ateco: '', sede_legale_indirizzo: '',
  sede_legale_civico: '', sede_legale_comune: '', sede_legale_cap: '', sede_legale_provincia: '',
});

/** A fresh persistent state: `persistentStateSchema.parse({})`. */
export const defaultPersistentState = (): PersistentState => ({
  currentStep: 0, maxStep: 0, orderStartTime: null, currentOrderData: { id: null, hash: null },
  isFromWholesale: false, lastOfferId: null, hasOpenFiber: false, hasPortability: false,
  isBrandCustomer: false, isBrandPop: false, hasInternetFTTCPortability: false, alreadySentOtp: false,
});

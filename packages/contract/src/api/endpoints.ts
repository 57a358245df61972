import { z } from 'zod';
import { defineEndpoint as ep } from './define';
import { leadSchema } from '../schemas/lead';
import { addedOptionWireSchema, offerWireSchema, promoWireSchema } from '../schemas/offer';
import {
  atecoSchema, cfDecodedSchema, comuneSchema, countrySchema, ibanResultSchema,
  migrationCodeResultSchema, operatorSchema, provinceSchema,
} from '../schemas/reference';
import { addressHitSchema, buildingInfoSchema, coverageResultSchema } from '../schemas/coverage';
import { serviceCoverageSchema } from '../schemas/form-fields';
import {
  mediaSchema, mobileOrderSchema, orderDocumentsSchema, orderPortabilitySchema, orderRefSchema, orderWriteSchema, refererCodeErrorSchema,
} from '../schemas/order';
import {
  trackingSlotSchema, trackingDetailsSchema, trackingOrderNumberSchema, trackingOtpSchema, trackingStatusSchema, trackingTokenSchema,
} from '../schemas/tracking';

const search = z.object({ search: z.string().trim().min(1).max(100) });
const idBuilding = z.object({ id_building: z.string().trim().min(1).max(50) });
const egon = z.object({ id_egon_civico: z.string().trim().min(1).max(50) });
const empty = z.object({});
const ok = z.object({ ok: z.literal(true) });
/** The challenge a one-time code asked with an order number belongs to: the code is checked only against it. */
const challengeId = z.string().trim().min(1).max(64);
const customerType = z.enum(['privato', 'business']);
/** A mobile order as its page shows it (docs/side-flows.md): SPEC's fields plus what the porting form prefills. */
const mobileOrderView = mobileOrderSchema.extend({
  order_number: z.string(),
  number_to_port: z.string().nullable(),
  holder_first_name: z.string().nullable(),
  holder_last_name: z.string().nullable(),
});

/**
 * A pre-made order as its code opens it (docs/side-flows.md). fill-order: the prepared fields only
 * (rules/premade-fields), and `order` (the hash) only when the order holds no personal data; otherwise
 * `needs_code` and the masked mobile number the code goes to. verify: `order` and all the fields.
 */
const premadeAnswer = z.object({
  offer_id: z.number().int(),
  // Form fields; added options carry euros like every amount on the wire.
  fields: z.object({ options: z.array(addedOptionWireSchema).optional() }).catchall(z.unknown()),
  needs_code: z.boolean(),
  /** Where the code goes, masked (`+39 3** *** **67`); null when the order has no mobile number. */
  masked_phone: z.string().nullable(),
  order: orderRefSchema.optional(),
});

/** Every call of SPEC §7. Keys name the client functions. */
export const endpoints = {
  getOffer: ep({
    path: '/api/offers/{offer_id}', tag: 'catalog', summary: 'An offer with its public options, sorted',
    request: z.object({ customer_type: customerType.optional(), promo: z.string().max(50).optional() }),
    response: offerWireSchema, amounts: true,
  }),
  getPromo: ep({
    path: '/api/offers/get-promo/', tag: 'catalog', summary: 'A promo code for a customer type and cluster',
    request: z.object({ promo_code: z.string().trim().min(1).max(50), customer_type: customerType, cluster: z.string().max(20).optional() }),
    response: promoWireSchema, amounts: true,
  }),
  searchComuni: ep({
    path: '/api/utility/check-copertura/search-comuni/', tag: 'coverage', summary: 'Comuni by name prefix',
    request: search, response: z.array(comuneSchema),
  }),
  listAddressAdvanced: ep({
    path: '/api/utility/check-copertura/list-address-advanced/', tag: 'coverage', summary: 'Street and civic numbers in a comune',
    request: z.object({ address: z.string().trim().min(1).max(200), id_comune: z.string().regex(/^\d{6}$/).max(6), third_party_coverage: z.boolean().default(true) }),
    response: z.array(addressHitSchema),
  }),
  addressPreview: ep({
    path: '/api/utility/check-copertura/address-preview/', tag: 'coverage', summary: 'One address with its coverage',
    request: egon, response: coverageResultSchema,
  }),
  getServicesByIdentifier: ep({
    path: '/api/utility/check-copertura/get-services-by-identifier/', tag: 'coverage', summary: 'Services at an address identifier',
    request: egon, response: z.array(serviceCoverageSchema),
  }),
  getInfoFromIdBuildingOf: ep({
    path: '/api/utility/check-copertura/get-info-from-id-building-of/', tag: 'coverage', summary: 'Open Fiber building: cluster and status',
    request: idBuilding, response: buildingInfoSchema,
  }),
  getIdBuildingInfo: ep({
    path: '/api/utility/check-copertura/get-id-building-info/', tag: 'coverage', summary: 'A building and its addresses',
    request: idBuilding, response: buildingInfoSchema,
  }),
  services: ep({
    path: '/api/utility/check-copertura/services/', tag: 'coverage', summary: 'Coverage and sellable offers at an address',
    request: egon.extend({ customer_type: customerType.default('privato') }), response: coverageResultSchema,
  }),
  provinces: ep({ path: '/api/italy/provinces/', tag: 'reference', summary: 'Italian provinces', request: empty, response: z.array(provinceSchema) }),
  getAteco: ep({ path: '/api/utility/get-ateco/', tag: 'reference', summary: 'ATECO codes by code prefix or words', request: search, response: z.array(atecoSchema) }),
  telephoneOperators: ep({ path: '/api/telephone-operators/list/', tag: 'reference', summary: 'Fixed-line operators', request: empty, response: z.array(operatorSchema) }),
  mobileOperators: ep({ path: '/api/mobile-operators/list/', tag: 'reference', summary: 'Mobile operators', request: empty, response: z.array(operatorSchema) }),
  cfLookup: ep({
    path: '/api/utility/cf-lookup/', tag: 'reference', summary: 'Validate and decode a codice fiscale',
    request: z.object({ cf: z.string().trim().min(1).max(24) }), response: cfDecodedSchema,
  }),
  cfGenerator: ep({
    path: '/api/utility/cf-generator', tag: 'reference', summary: 'Compute a codice fiscale', convertDates: true,
    request: z.object({
      first_name: z.string().trim().min(1).max(100), last_name: z.string().trim().min(1).max(100),
      sex: z.enum(['M', 'F']), birth_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).max(10),
      birth_city: z.string().max(120).default(''), birth_province: z.string().max(2).default(''), birth_country: z.string().max(120).default(''),
    }),
    response: z.object({ cf: z.string() }),
  }),
  countries: ep({ path: '/api/utility/countries', tag: 'reference', summary: 'Countries with Italian names', request: empty, response: z.array(countrySchema) }),
  ibanValidation: ep({
    path: '/api/utility/iban-validation/', tag: 'reference', summary: 'IBAN checksum and Italian CIN',
    request: z.object({ iban: z.string().trim().min(1).max(50) }), response: ibanResultSchema,
  }),
  validateMigrationCode: ep({
    path: '/api/utility/validate-migration-code/', tag: 'reference', summary: 'Migration code format and service class',
    request: z.object({ migration_code: z.string().trim().min(1).max(30) }), response: migrationCodeResultSchema,
  }),
  fillOrder: ep({
    path: '/api/orders/{code}/fill-order', tag: 'orders', summary: 'Load a pre-made order by its code: what the agent prepared, never personal data',
    request: empty, response: premadeAnswer, amounts: true,
  }),
  fillOrderSendCode: ep({
    path: '/api/orders/{code}/fill-order/send-code', tag: 'orders', summary: 'Send the one-time code that opens a pre-made order holding personal data',
    request: empty,
    response: z.object({ sent: z.literal(true), destination: z.string(), resend_after_seconds: z.number().int(), challenge_id: challengeId }),
  }),
  fillOrderVerify: ep({
    path: '/api/orders/{code}/fill-order/verify', tag: 'orders', summary: 'Open a pre-made order with the one-time code: its hash and all its fields',
    request: z.object({ otp: z.string().regex(/^\d{6}$/).max(6), challenge_id: challengeId }), response: premadeAnswer, amounts: true,
  }),
  getMobileOrder: ep({ path: '/api/orders/{code}/get-mobile-order', tag: 'mobile', summary: 'A mobile order by its code', request: empty, response: mobileOrderView }),
  newOrder: ep({
    path: '/api/orders/new', tag: 'orders', summary: 'Create an order',
    request: orderWriteSchema, response: z.union([orderRefSchema, refererCodeErrorSchema]), amounts: true,
  }),
  updateOrder: ep({
    path: '/api/orders/{order_hash}/update-order', tag: 'orders', summary: 'Update an order',
    request: orderWriteSchema, response: orderRefSchema, amounts: true,
  }),
  submitStep: ep({
    path: '/api/orders/{order_hash}/{step_name}', tag: 'orders', summary: 'Submit one named step', convertDates: true,
    request: z.record(z.string().max(64), z.unknown()), response: orderRefSchema,
  }),
  documentUpload: ep({
    path: '/api/orders/{order_hash}/document-upload', tag: 'documents', summary: 'Upload a document (multipart: file, kind)', multipart: true,
    request: z.object({ kind: z.enum(['identity_document', 'health_card', 'other']).default('identity_document') }), response: mediaSchema,
  }),
  orderPortability: ep({
    path: '/api/orders/{order_hash}/portability', tag: 'orders', summary: 'The number-portability data on file for an order',
    request: empty, response: orderPortabilitySchema,
  }),
  orderDocuments: ep({
    path: '/api/orders/{order_hash}/documents', tag: 'documents', summary: 'The documents on file for an order',
    request: empty, response: orderDocumentsSchema,
  }),
  deleteMedia: ep({
    path: '/api/medias/{id}/delete', tag: 'documents', summary: 'Delete an uploaded document of an order',
    request: z.object({ order_id: z.string().min(1).max(64) }), response: ok,
  }),
  updateDocumentData: ep({
    path: '/api/orders/{order_hash}/update-document-data', tag: 'documents', summary: 'Identity document data', convertDates: true,
    request: z.object({
      document_type: z.string().min(1).max(40), document_number: z.string().min(1).max(40),
      document_issue_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).max(10), document_expiry_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).max(10),
      document_issuer: z.string().min(1).max(100), document_issue_comune: z.string().max(120).default(''), document_issue_province: z.string().max(2).default(''),
    }),
    response: orderRefSchema,
  }),
  changeMobilePhoneNumber: ep({
    path: '/api/orders/{order_hash}/change-mobile-phone-number', tag: 'signature',
    summary: 'Ask to change the number the signing code is sent to: a code goes to the new number, a notice to the old one; nothing changes until confirm-mobile-phone-number',
    request: z.object({ mobile_phone_number: z.string().trim().regex(/^(\+39)?3\d{8,9}$/).max(20) }),
    response: z.object({
      pending: z.literal(true),
      /** The new number, masked (`+39 3** *** **99`). */
      destination: z.string(),
      /** Until when the code sent to it confirms the change. */
      expires_at: z.string(),
      resend_after_seconds: z.number().int(),
    }),
  }),
  confirmMobilePhoneNumber: ep({
    path: '/api/orders/{order_hash}/confirm-mobile-phone-number', tag: 'signature',
    summary: 'Apply the pending number change with the code the new number received',
    request: z.object({ otp: z.string().regex(/^\d{6}$/).max(6) }),
    response: z.object({ changed: z.literal(true), destination: z.string(), changed_at: z.string() }),
  }),
  sendOtp: ep({
    path: '/api/orders/{order_hash}/send-otp', tag: 'signature', summary: 'Send a one-time code',
    request: z.object({
      mode: z.enum(['sms', 'email']),
      /** The acceptances the contract needs, ticked on the signature page (rules/contract-acceptances; withdrawal: consumers only). */
      contract_summary_read: z.boolean().default(false),
      contract_terms_accepted: z.boolean().default(false),
      contract_withdrawal_accepted: z.boolean().default(false),
      fea_conditions_accepted: z.boolean().default(false),
      /** Consumers only, never required: start the activation within the 14 days (Codice del Consumo art. 50 c. 3). */
      early_activation_requested: z.boolean().default(false),
      /** A pre-made order: the keys of the paid price lines the customer ticked one by one (rules/paid-options); each is required. */
      confirmed_paid_options: z.array(z.string().max(40)).max(60).default([]),
    }),
    response: z.object({ sent: z.literal(true), channel: z.enum(['sms', 'email']), destination: z.string(), resend_after_seconds: z.number().int() }),
  }),
  reopenOrder: ep({
    path: '/api/orders/{order_hash}/reopen-order', tag: 'signature', summary: 'Go back from the signature: void the pending code and unfreeze the order',
    request: empty, response: orderRefSchema,
  }),
  contractPreview: ep({
    path: '/api/orders/{order_hash}/contract-preview', tag: 'signature', summary: 'The contract PDF to sign and its summary (Regulation 2019/2243), base64, each page marked as a draft; the SHA-256 are those of the unmarked files the code binds and the signed contract carries',
    request: empty,
    response: z.object({
      pdf_base64: z.string(), sha256: z.string(), filename: z.string(),
      summary: z.object({ pdf_base64: z.string(), sha256: z.string(), filename: z.string() }),
      /** The server's totals of what is signed, in cents: the pre-contract information next to the order button shows these. */
      totals: z.object({ monthly: z.number().int(), one_off: z.number().int(), vat_included: z.boolean() }),
      /** A pre-made order: the paid lines the agent prepared, which the customer confirms one by one before the code (rules/paid-options). */
      paid_options_to_confirm: z.array(z.object({ key: z.string(), name: z.string(), monthly: z.number().int(), one_off: z.number().int() })).default([]),
    }),
  }),
  signWithOtp: ep({
    path: '/api/orders/{order_hash}/sign-with-otp', tag: 'signature', summary: 'Sign with the one-time code',
    request: z.object({ otp: z.string().regex(/^\d{6}$/).max(6) }),
    response: z.object({
      signed: z.literal(true), order: orderRefSchema, signed_at: z.string(), document_sha256: z.string(),
      /** A consumer's order: when the service starts (after the 14 days, or within them as asked), as the evidence page says it. */
      activation_text: z.string().max(500).nullable().default(null),
      /**
       * Links to the signed contract and the evidence bundle, valid one hour (the order's hash alone opens
       * neither); later the tracking page gives the files after a code.
       */
      files: z.object({ signed_contract_url: z.string().max(300), evidence_bundle_url: z.string().max(300), expires_at: z.string().max(40) }),
    }),
  }),
  withdrawalSendOtp: ep({
    path: '/api/withdrawals/send-otp', tag: 'signature', summary: 'Withdrawal within 14 days: send a confirmation code to the signer',
    request: z.object({ order_number: z.string().trim().min(1).max(24), mode: z.enum(['sms', 'email']).default('sms') }),
    response: z.object({ sent: z.literal(true), destination: z.string(), last_day: z.string(), resend_after_seconds: z.number().int(), challenge_id: challengeId }),
  }),
  withdrawalConfirm: ep({
    path: '/api/withdrawals/confirm', tag: 'signature', summary: 'Withdrawal within 14 days: confirm with the code',
    request: z.object({ order_number: z.string().trim().min(1).max(24), otp: z.string().regex(/^\d{6}$/).max(6), challenge_id: challengeId }),
    response: z.object({ withdrawn: z.literal(true), order_number: z.string(), withdrawn_at: z.string() }),
  }),
  consentsSendOtp: ep({
    path: '/api/consents/send-otp', tag: 'signature', summary: 'Change of optional consents: send a code to the order\'s contact',
    request: z.object({ order_number: z.string().trim().min(1).max(24), mode: z.enum(['sms', 'email']).default('sms') }),
    response: z.object({ sent: z.literal(true), destination: z.string(), resend_after_seconds: z.number().int(), challenge_id: challengeId }),
  }),
  consentsUpdate: ep({
    path: '/api/consents/update', tag: 'signature', summary: 'Change of optional consents: the new choices, with the code',
    request: z.object({
      order_number: z.string().trim().min(1).max(24), otp: z.string().regex(/^\d{6}$/).max(6), challenge_id: challengeId,
      // Each one stated: an unticked box withdraws the consent (GDPR art. 7(3)).
      marketing_consent: z.boolean(), profiling_consent: z.boolean(), third_party_consent: z.boolean(),
    }),
    response: z.object({
      order_number: z.string(), updated_at: z.string(),
      consents: z.object({ marketing_consent: z.boolean(), profiling_consent: z.boolean(), third_party_consent: z.boolean() }),
    }),
  }),
  confirmMobileMnpOrder: ep({
    path: '/api/orders/{short_hash}/confirm-mobile-mnp-order', tag: 'mobile', summary: 'Confirm a mobile porting order',
    request: empty, response: mobileOrderView,
  }),
  correctMobileMnpOrder: ep({
    path: '/api/orders/{short_hash}/correct-mobile-mnp-order', tag: 'mobile', summary: 'Correct a mobile porting order',
    request: z.object({
      donor_operator: z.string().min(1).max(60), number_to_port: z.string().regex(/^(\+39)?3\d{8,9}$/).max(20),
      old_iccid: z.string().regex(/^\d{19,20}$/).max(20), holder_first_name: z.string().min(1).max(100),
      holder_last_name: z.string().min(1).max(100), holder_cf: z.string().min(11).max(16),
    }),
    response: mobileOrderView,
  }),
  activateMobileOrder: ep({
    path: '/api/orders/activate-mobile-order', tag: 'mobile', summary: 'Activate a SIM with the order number and last 5 ICCID digits',
    request: z.object({ order_number: z.string().trim().min(1).max(40), iccid_last5: z.string().regex(/^\d{5}$/).max(5) }),
    response: z.object({ activated: z.literal(true), short_hash: z.string() }),
  }),
  trackingStatus: ep({
    path: '/api/tracking/status', tag: 'tracking', summary: 'The order\'s status by its number: the status in plain Italian and its date, nothing personal',
    request: z.object({ order_number: trackingOrderNumberSchema }),
    response: trackingStatusSchema,
  }),
  trackingSendOtp: ep({
    path: '/api/tracking/send-otp', tag: 'tracking', summary: 'Order details: send a one-time code to the order\'s contact',
    request: z.object({ order_number: trackingOrderNumberSchema, mode: z.enum(['sms', 'email']).default('sms') }),
    response: z.object({ sent: z.literal(true), destination: z.string(), resend_after_seconds: z.number().int(), challenge_id: challengeId }),
  }),
  trackingVerify: ep({
    path: '/api/tracking/verify', tag: 'tracking', summary: 'Order details: the code gives a 30-minute access token',
    request: z.object({ order_number: trackingOrderNumberSchema, otp: trackingOtpSchema, challenge_id: challengeId }),
    response: z.object({ token: z.string().max(100), expires_at: z.string().max(40), order_number: z.string().max(24) }),
  }),
  trackingDetails: ep({
    path: '/api/tracking/details', tag: 'tracking', summary: 'Order details with the access token: timeline, next steps, documents, appointment, withdrawal',
    request: z.object({ token: trackingTokenSchema }),
    response: trackingDetailsSchema,
  }),
  trackingBookAppointment: ep({
    path: '/api/tracking/book-appointment', tag: 'tracking', summary: 'Book, or change to, one of the slots offered for the order',
    request: z.object({ token: trackingTokenSchema, slot_id: z.string().trim().min(1).max(64) }),
    response: z.object({ booked: trackingSlotSchema, rebooked: z.boolean() }),
  }),
  createLead: ep({
    path: '/api/leads/new', tag: 'leads', summary: 'Request an offer (stored, then delivered to the webhook)',
    request: leadSchema, response: z.object({ id: z.string() }),
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

import { resumeUrl, type FormFields, type LeadFormInput, type Lead, type Offer, type PersistentState } from '@checkout/contract';

/** What the visitor types on the request-an-offer page (SPEC §3 Lead, the visible part): the contract's lead form. */
export type LeadFormValues = LeadFormInput;

/** The part of the checkout store a lead reads. */
export interface LeadSource {
  fields: FormFields;
  persistent: PersistentState;
  offer: Pick<Offer, 'id' | 'name'> | null;
}

export const DEFAULT_REQUEST_TYPE = 'richiesta';

/** The visible fields, filled with what the visitor already entered in the checkout (never the consent). */
export const leadFormDefaults = ({ fields }: LeadSource): LeadFormValues => ({
  nome: fields.first_name,
  cognome: fields.last_name,
  email: fields.email,
  numero_telefono: fields.mobile_phone_number || fields.phone_number,
  comune: fields.city,
  cap: fields.zip_code,
  provincia: fields.province,
  indirizzo: fields.address,
  civico: fields.number,
  // Consent is asked here again: the checkout's consent was given for another purpose.
  privacy: false,
});

/** An absolute link that resumes this visitor's checkout (SPEC §2 resume rule). */
export const linkCheckout = (origin: string, persistent: Pick<PersistentState, 'maxStep'>, promo: string): string =>
  origin.replace(/\/+$/, '') + resumeUrl(persistent.maxStep, promo || null);

/** The whole lead: the typed values plus the hidden context taken from the store (SPEC §3). */
export const buildLead = (values: Omit<LeadFormValues, 'privacy'>, source: LeadSource, reason: string | undefined, origin: string): Lead => {
  const { fields, persistent, offer } = source;
  return {
    nome: values.nome.trim(),
    cognome: values.cognome.trim(),
    email: values.email.trim(),
    numero_telefono: values.numero_telefono.trim(),
    comune: values.comune.trim(),
    cap: values.cap.trim(),
    provincia: values.provincia.trim().toUpperCase(),
    indirizzo: values.indirizzo.trim(),
    civico: values.civico.trim(),
    step: String(persistent.currentStep),
    request_type: reason?.trim() || DEFAULT_REQUEST_TYPE,
    offer_name: offer?.name ?? '',
    comune_istat: fields.id_comune,
    servizio: fields.technology || fields.suggested_technology,
    offer_id: offer?.id ?? persistent.lastOfferId ?? null,
    id_building: fields.id_building,
    id_egon_civico: fields.id_egon_civico,
    promo: fields.promo,
    order_id: persistent.currentOrderData.id ?? '',
    provenienza: fields.provenienza,
    linkCheckout: linkCheckout(origin, persistent, fields.promo),
  };
};

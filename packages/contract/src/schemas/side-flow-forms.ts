import { z } from 'zod';
import { endpoints } from '../api/endpoints';
import { parseMigrationCodeFormat } from '../rules/migration-code';
import { leadSchema } from './lead';
import { stepPortabilitySchema } from './order-steps';

/*
 * The forms of the side flows (SPEC §2: request an offer, SIM activation, mobile porting correction,
 * portability after the order), each derived from the request schema of the call it sends: the same
 * field names, checked in the browser with the Italian sentence a visitor reads next to the field. The
 * request schema stays what the server holds the body to; a form may be stricter (it asks before sending
 * what the server would refuse) and reads what a person types (spaces, dashes) before it is compacted.
 */

/** The lead form's voice is the checkout steps' (schemas/order-steps.ts): "Campo obbligatorio.", "Inserire…", "Indicare…". */
const REQUIRED = 'Campo obbligatorio.';
const atMost = (max: number) => `Inserire al massimo ${max} caratteri.`;

/** Request an offer (createLead): what the visitor fills in; the rest of the lead comes from the checkout. */
export const leadFormSchema = leadSchema
  .pick({ nome: true, cognome: true, email: true, numero_telefono: true, comune: true, cap: true, provincia: true, indirizzo: true, civico: true })
  .extend({
    nome: z.string().trim().min(1, REQUIRED).max(100, atMost(100)),
    cognome: z.string().trim().min(1, REQUIRED).max(100, atMost(100)),
    email: z.string().trim().min(1, REQUIRED).max(254, atMost(254)).pipe(z.email('Indirizzo email non valido.')),
    numero_telefono: z.string().trim().min(1, REQUIRED).regex(/^\+?[0-9 ]{6,20}$/, 'Numero di telefono non valido: inserire solo cifre (es. 333 1234567).'),
    comune: z.string().trim().max(120, atMost(120)),
    cap: z.string().trim().regex(/^(\d{5})?$/, 'Il CAP è composto da 5 cifre.'),
    provincia: z.string().trim().regex(/^([A-Za-z]{2})?$/, 'Indicare la sigla della provincia (2 lettere).'),
    indirizzo: z.string().trim().max(200, atMost(200)),
    civico: z.string().trim().max(20, atMost(20)),
    /** Not sent: the form's own consent to the privacy notice, without which nothing is sent. */
    privacy: z.boolean().refine((v) => v, "Per procedere occorre accettare l'informativa sulla privacy."),
  });
export type LeadFormInput = z.input<typeof leadFormSchema>;

/** SIM activation (activateMobileOrder): the order number and the last 5 ICCID digits. */
export const simActivationFormSchema = endpoints.activateMobileOrder.request.extend({
  order_number: z.string().trim().min(1, 'Inserisci il numero d’ordine.').max(40, 'Numero d’ordine troppo lungo.'),
  iccid_last5: z.string().trim().regex(/^\d{5}$/, 'Inserisci esattamente 5 cifre.'),
});
export type SimActivationForm = z.infer<typeof simActivationFormSchema>;

/** Correcting a mobile porting order (correctMobileMnpOrder): numbers as people copy them, compacted before the check. */
export const mnpCorrectionFormSchema = endpoints.correctMobileMnpOrder.request.extend({
  donor_operator: z.string().min(1, 'Scegli l’operatore da cui porti il numero.'),
  number_to_port: z.string().trim().transform((s) => s.replace(/[\s\-./()]/g, '')).pipe(z.string().regex(/^(\+39)?3\d{8,9}$/, 'Inserisci un numero di cellulare italiano valido (es. 347 1234567).')),
  old_iccid: z.string().trim().transform((s) => s.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{19,20}$/, 'L’ICCID è composto da 19 o 20 cifre, stampate sulla SIM.')),
  holder_first_name: z.string().trim().min(1, 'Inserisci il nome dell’intestatario.').max(100, 'Al massimo 100 caratteri.'),
  holder_last_name: z.string().trim().min(1, 'Inserisci il cognome dell’intestatario.').max(100, 'Al massimo 100 caratteri.'),
  holder_cf: z.string().trim().toUpperCase().regex(/^([A-Z0-9]{16}|\d{11})$/, 'Inserisci un codice fiscale valido (16 caratteri).'),
});
export type MnpCorrectionFormInput = z.input<typeof mnpCorrectionFormSchema>;
export type MnpCorrectionForm = z.output<typeof mnpCorrectionFormSchema>;

/** The migration code's own sentence, shown also when the server's check refuses a well-formed code. */
export const MIGRATION_CODE_INVALID = 'Codice di migrazione non valido';

/**
 * Portability after the order (step-portability): the step's fields as typed (compacted when saved, see
 * the step schema), and stricter than the step, which also takes both boxes unticked to withdraw: this
 * page is for asking a portability, so it asks for at least one service.
 */
export const portabilityFormSchema = z.object(stepPortabilitySchema.shape).extend({
  portability_internet: z.boolean(),
  portability_phone: z.boolean(),
  portability_operator: z.string().trim().min(1, 'Scegli il tuo operatore attuale.'),
  portability_operator_name: z.string(),
  portability_old_number: z.string(),
  portability_migration_code: z.string().trim().min(1, 'Inserisci il codice di migrazione.')
    .refine((code) => parseMigrationCodeFormat(code) !== null, MIGRATION_CODE_INVALID),
}).superRefine((v, ctx) => {
  if (!v.portability_internet && !v.portability_phone) {
    ctx.addIssue({ code: 'custom', path: ['portability_internet'], message: 'Scegli almeno un servizio da trasferire.' });
  }
  if (v.portability_phone && !/^0\d{5,10}$/.test(v.portability_old_number.replace(/[\s\-./()]/g, '').replace(/^(\+|00)39(?=0)/, ''))) {
    ctx.addIssue({ code: 'custom', path: ['portability_old_number'], message: 'Indica il numero fisso da portare (es. 06 1234567).' });
  }
});
/** The portability fields of an order as the page holds them (SPEC §3 form fields). */
export type PortabilityFormValues = z.output<typeof portabilityFormSchema>;

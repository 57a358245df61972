import type { FormFields } from '../schemas/form-fields';
import { telephoneRequestOf } from './order-context';

/*
 * Step 3 asks one question about the voice line: keep the fixed number the customer has (which one,
 * with its operator and migration code: number portability) or get a new one. SPEC §3 keeps two names
 * for it on the wire, `portability_phone` / `portability_old_number` and `voip_old_phone_number`; the
 * second is derived from the first here, for the browser and the server alike, so the review and the
 * contract can only say one thing.
 */

type VoiceAnswer = Pick<FormFields, 'portability_phone' | 'portability_old_number'>;

/** A fixed number as digits, without the international prefix (`+39 06 123` = `06123`). */
const digitsOf = (number: string): string => number.replace(/\D/g, '').replace(/^(0039|39)(?=0)/, '');

/** The number the voice line keeps: the one to port when the customer keeps theirs, else none (a new number). */
export const keptNumberOf = (fields: Partial<VoiceAnswer>, hasVoicePlan: boolean): string =>
  hasVoicePlan && fields.portability_phone === true ? (fields.portability_old_number ?? '') : '';

/** The order holds a voice plan (the offer page's choice). */
export const hasVoicePlan = (options: readonly { category: string }[]): boolean => options.some((o) => o.category === 'voip');

/** The voice-line fields as the answer and the chosen plan make them; no plan keeps no number. */
export type VoiceLineFields = Pick<FormFields, 'voip_activation_request' | 'voip_old_phone_number' | 'portability_phone' | 'telephone_request'>;

/**
 * The voice-line fields derived from the single answer: `voip_activation_request` follows the plan,
 * `voip_old_phone_number` is the ported number (empty: a new number), a number is ported only onto a
 * voice plan, and `telephone_request` names the same request.
 */
export function voiceLineFields(
  fields: VoiceAnswer & Pick<FormFields, 'portability_operator' | 'portability_operator_name' | 'portability_migration_code'>,
  voicePlan: boolean,
): VoiceLineFields {
  const keep = voicePlan && fields.portability_phone;
  return {
    voip_activation_request: voicePlan,
    voip_old_phone_number: keptNumberOf(fields, voicePlan),
    portability_phone: keep,
    telephone_request: telephoneRequestOf({ ...fields, portability_phone: keep }),
  };
}

export const VOICE_LINE_MESSAGES = {
  keepWithoutPlan: 'Per mantenere il tuo numero fisso serve una linea voce: sceglila nella pagina dell’offerta, oppure rispondi che non vuoi mantenerlo.',
  otherNumber: 'Il numero della linea voce è quello che mantieni con la portabilità: indica un solo numero.',
} as const;

/**
 * What a submitted step says that contradicts the single answer: keeping a number without a voice
 * plan, or a `voip_old_phone_number` other than the ported one (empty is always fine: it is derived).
 */
export function voiceLineProblems(values: Partial<VoiceAnswer> & { voip_old_phone_number?: string }, voicePlan: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.portability_phone === true && !voicePlan) problems.portability_phone = VOICE_LINE_MESSAGES.keepWithoutPlan;
  const sent = typeof values.voip_old_phone_number === 'string' ? values.voip_old_phone_number : '';
  if (sent.trim() !== '' && digitsOf(sent) !== digitsOf(keptNumberOf(values, voicePlan))) {
    problems.voip_old_phone_number = VOICE_LINE_MESSAGES.otherNumber;
  }
  return problems;
}

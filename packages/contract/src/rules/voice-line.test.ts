import { describe, expect, it } from 'vitest';
import { hasVoicePlan, keptNumberOf, voiceLineFields, voiceLineProblems, VOICE_LINE_MESSAGES } from './voice-line';

const PORTING = {
  portability_phone: true, portability_old_number: '061234567', portability_operator: 'tim', portability_operator_name: 'TIM',
  portability_migration_code: 'TLC0612345678001A',
};
const NEW_NUMBER = { ...PORTING, portability_phone: false };

describe('the voice line is one answer', () => {
  it('keeping a number: the voice line keeps the number being ported, and telephone_request names the same', () => {
    expect(voiceLineFields(PORTING, true)).toEqual({
      voip_activation_request: true, voip_old_phone_number: '061234567', portability_phone: true,
      telephone_request: { operator: 'tim', operator_name: 'TIM', old_number: '061234567', migration_code: 'TLC0612345678001A' },
    });
  });

  it('a new number: no number on the voice line, no number ported', () => {
    expect(voiceLineFields(NEW_NUMBER, true)).toMatchObject({ voip_activation_request: true, voip_old_phone_number: '', portability_phone: false });
  });

  it('no voice plan: no number is kept (a number ported onto no voice line would be lost)', () => {
    expect(voiceLineFields(PORTING, false)).toEqual({
      voip_activation_request: false, voip_old_phone_number: '', portability_phone: false,
      telephone_request: { operator: '', operator_name: '', old_number: '', migration_code: '' },
    });
    expect(keptNumberOf(PORTING, false)).toBe('');
  });

  it('knows a voice plan among the options', () => {
    expect(hasVoicePlan([{ category: 'router' }, { category: 'voip' }])).toBe(true);
    expect(hasVoicePlan([{ category: 'router' }])).toBe(false);
  });
});

describe('what contradicts the one answer', () => {
  it('accepts the answer alone (voip_old_phone_number empty: it is derived) and the same number in any spelling', () => {
    expect(voiceLineProblems({ ...PORTING, voip_old_phone_number: '' }, true)).toEqual({});
    expect(voiceLineProblems({ ...PORTING, voip_old_phone_number: '+39 06 1234567' }, true)).toEqual({});
    expect(voiceLineProblems({ ...NEW_NUMBER, voip_old_phone_number: '' }, true)).toEqual({});
  });

  it('refuses a second, different number, or a number for the voice line while asking for a new one', () => {
    expect(voiceLineProblems({ ...PORTING, voip_old_phone_number: '069999999' }, true)).toEqual({ voip_old_phone_number: VOICE_LINE_MESSAGES.otherNumber });
    expect(voiceLineProblems({ ...NEW_NUMBER, voip_old_phone_number: '061234567' }, true)).toEqual({ voip_old_phone_number: VOICE_LINE_MESSAGES.otherNumber });
  });

  it('refuses keeping a number without a voice plan', () => {
    expect(voiceLineProblems(PORTING, false)).toEqual({ portability_phone: VOICE_LINE_MESSAGES.keepWithoutPlan });
    expect(voiceLineProblems(NEW_NUMBER, false)).toEqual({});
  });
});

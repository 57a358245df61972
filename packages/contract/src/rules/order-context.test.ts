import { describe, expect, it } from 'vitest';
import { defaultFormFields } from '../schemas/checkout-defaults';
import { customerOriginOf, hasInternetFttcPortability, isBrandPop, isFromWholesale, telephoneRequestOf } from './order-context';

describe('order context (SPEC §3 flags and fields, meanings in docs/decisions.md)', () => {
  it.each([
    [{ premade: true, provenienza: 'partner1' }, 'premade'],
    [{ premade: false, provenienza: 'partner1' }, 'partner'],
    [{ premade: false, provenienza: '  ' }, 'web'],
  ] as const)('customer_origin of %o is %s', (context, origin) => {
    expect(customerOriginOf(context)).toBe(origin);
  });

  it('isFromWholesale: a partner link', () => {
    expect(isFromWholesale('rivenditore-roma')).toBe(true);
    expect(isFromWholesale('')).toBe(false);
  });

  it('isBrandPop: an available service on the brand\'s own network', () => {
    expect(isBrandPop([{ available: true, network: 'Fibra Viva' }], 'Fibra Viva')).toBe(true);
    expect(isBrandPop([{ available: false, network: 'Fibra Viva' }, { available: true, network: 'Open Fiber' }], 'Fibra Viva')).toBe(false);
  });

  it('hasInternetFTTCPortability: an internet line moved onto FTTC', () => {
    const f = defaultFormFields();
    expect(hasInternetFttcPortability({ ...f, portability_internet: true, technology: 'FTTC' })).toBe(true);
    expect(hasInternetFttcPortability({ ...f, portability_internet: true, technology: 'FTTH' })).toBe(false);
    expect(hasInternetFttcPortability({ ...f, portability_internet: false, technology: 'FTTC' })).toBe(false);
  });

  it('telephone_request: the number kept on the voice line, or nothing', () => {
    const f = { ...defaultFormFields(), portability_operator: 'tim', portability_operator_name: 'TIM', portability_old_number: '0612345678', portability_migration_code: 'TIM0612345678001A' };
    expect(telephoneRequestOf({ ...f, portability_phone: true })).toEqual({ operator: 'tim', operator_name: 'TIM', old_number: '0612345678', migration_code: 'TIM0612345678001A' });
    expect(telephoneRequestOf({ ...f, portability_phone: false })).toEqual({ operator: '', operator_name: '', old_number: '', migration_code: '' });
  });
});

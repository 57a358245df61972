import { describe, expect, it } from 'vitest';
import { createPremadeSchema, leadListQuerySchema } from './schemas-sales';

describe('createPremadeSchema', () => {
  it.each([
    [{ offer_id: 1 }, true],
    [{ offer_id: 1, first_name: 'Giulia' }, false],
    [{ offer_id: 1, email: 'g@example.it' }, false],
    [{ offer_id: 1, first_name: 'Giulia', mobile_phone_number: '+39 347 123 4567' }, true],
    [{ offer_id: 1, mobile_phone_number: '0612345678' }, false],
    [{ offer_id: 1, email: 'not-an-email', mobile_phone_number: '3471234567' }, false],
    [{ offer_id: 1, valid_days: 0 }, false],
    [{ offer_id: 1, valid_days: 366 }, false],
  ])('%j → valid %s', (input, valid) => {
    expect(createPremadeSchema.safeParse(input).success).toBe(valid);
  });

  it('asks for the mobile number next to its field when customer data is given, and normalises it', () => {
    const r = createPremadeSchema.safeParse({ offer_id: 1, last_name: 'Rossi', first_name: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['mobile_phone_number']);
    const ok = createPremadeSchema.parse({ offer_id: 1, first_name: ' ', mobile_phone_number: '+39 347-123 4567', email: '' });
    expect(ok).toMatchObject({ mobile_phone_number: '3471234567', valid_days: 30, option_ids: [], customer_type: 'privato' });
    expect(ok.email).toBeUndefined();
  });
});

describe('leadListQuerySchema', () => {
  it('reads the query string: handled as 1/0, paging bounded', () => {
    expect(leadListQuerySchema.parse({ handled: '0', page: '2' })).toMatchObject({ handled: false, page: 2, page_size: 25 });
    expect(leadListQuerySchema.safeParse({ page_size: '1000' }).success).toBe(false);
    expect(leadListQuerySchema.safeParse({ from: '2026-13' }).success).toBe(false);
  });
});

describe('lead filter dates', () => {
  it.each(['2026-02-30', '0000-00-00', '2026-13-01', '1969-12-31'])('refuses %s', (day) => {
    expect(leadListQuerySchema.safeParse({ from: day }).success).toBe(false);
  });
  it('takes a real day', () => {
    expect(leadListQuerySchema.parse({ to: '2024-02-29' }).to).toBe('2024-02-29');
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DestinationStream } from 'pino';
import { buildTestApp, describeEachDialect } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { modulesWithTest } from '../support/test-endpoints';
import { apiAs, italianIban, signedCheckout } from './checkout-journey';
import type { ApiAs, Customer } from './checkout-journey';

/*
 * Issue 6, privacy: a whole checkout by a customer with unmistakable personal data, plus the error
 * paths that carry that data in their request (validation errors, malformed JSON, an unknown order,
 * an unexpected 500), with the server logging at trace level (request logs, debug error lines, all):
 * none of the customer's data may appear anywhere in what the logger wrote.
 */

const CANARY_CONTO = '000077731913';
const canary = {
  firstName: 'Zebedeo', lastName: 'Quagliarulo', email: 'zebedeo.quagliarulo.canary@example.org', mobile: '+39 347 918 2736',
  iban: italianIban(CANARY_CONTO), documentNumber: 'CA77319ZQ', birthDate: '17/03/1983',
};

/** Every spelling of the canary values a log line could hold (the check is case-insensitive). */
function canarySpellings(c: Customer): string[] {
  const digits = c.mobile.replace(/\D/g, '');
  return [
    c.firstName, c.lastName, c.email, c.email.split('@')[0]!, c.cf,
    c.iban, c.iban.replace(/(.{4})/g, '$1 ').trim(), CANARY_CONTO,
    digits, digits.slice(2), c.mobile, c.mobile.slice(4), c.documentNumber,
  ];
}

describeEachDialect('privacy: no personal data in the logs', (dialect) => {
  let t: TestApp;
  let api: ApiAs;
  const lines: string[] = [];
  const logStream: DestinationStream = { write: (line: string) => { lines.push(line); } };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: true, modules: modulesWithTest, logStream, config: { logLevel: 'trace' } });
    api = apiAs(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => t.close());

  it('a full checkout and its error paths leave none of the customer\'s data in the logs', async () => {
    // The codice fiscale as the form computes it from the canary's names and birth data.
    const { cf } = await api.client.cfGenerator({
      first_name: canary.firstName, last_name: canary.lastName, sex: 'M', birth_date: canary.birthDate, birth_city: 'Roma', birth_province: 'RM',
    });
    const customer: Customer = { ...canary, cf };
    const { hash } = await signedCheckout(api, customer);

    // Error paths, each carrying canary data in what the visitor sent.
    const fresh = await api.client.newOrder({ offer_id: 101, id_egon_civico: '0580910000001', technology: 'FTTH', customer_type: 'privato' } as Parameters<typeof api.client.newOrder>[0]);
    if (typeof fresh === 'string') throw new Error(fresh);
    const invalidSteps = [
      await api.post(`/api/orders/${fresh.hash}/step-contact`, {
        first_name: customer.firstName, last_name: customer.lastName, email: `${customer.email}@`, mobile_phone_number: `${customer.mobile}99999`,
        privacy_consent: true, marketing_consent: false,
      }),
      await api.post(`/api/orders/${fresh.hash}/step-payment`, { sepa_first_name: customer.firstName, sepa_last_name: customer.lastName, iban: customer.iban.replace(/.$/, (d) => String((Number(d) + 1) % 10)) }),
    ];
    expect(invalidSteps.map((r) => `${r.status} ${r.body.error?.code ?? ''}`)).toEqual(['422 validation_error', '422 validation_error']);
    // The form's live checks of a mistyped value (they answer valid: false).
    for (const [path, body] of [['/api/utility/cf-lookup/', { cf: `${customer.cf}X` }], ['/api/utility/iban-validation/', { iban: `${customer.iban}0` }]] as const) {
      expect((await api.post(path, body)).status).toBeLessThan(500);
    }
    const malformed = await fetch(`${api.baseUrl}/api/orders/${fresh.hash}/step-contact`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"api_key":"demo-public-key","email":"${customer.email}","cf":"${customer.cf}`,
    });
    expect(malformed.status).toBe(400);
    expect((await api.post(`/api/orders/${'A'.repeat(24)}/step-payment`, { iban: customer.iban, sepa_first_name: customer.firstName })).status).toBe(404);
    expect((await api.post(`/api/orders/${hash}/boom`, { email: customer.email, cf: customer.cf, iban: customer.iban, mobile_phone_number: customer.mobile })).status).toBe(500);

    const log = lines.join('');
    // The capture saw the checkout and the error paths (so an empty or partial log cannot pass).
    expect(log).toContain('"url":"/api/orders/:ref/sign-with-otp"');
    expect(log).toContain('"msg":"request failed"');
    expect(log).toContain('"msg":"unexpected error"');
    expect(log).toContain('"statusCode":400');
    const leaked = canarySpellings(customer).filter((value) => log.toLowerCase().includes(value.toLowerCase()));
    const where = leaked.map((value) => lines.find((l) => l.toLowerCase().includes(value.toLowerCase()))?.slice(0, 400));
    expect(leaked, where.join('\n')).toEqual([]);
    // Nor the order hash, which is the visitor's key to the order.
    expect(log).not.toContain(hash);
  });
});

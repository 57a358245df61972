import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { tinyPng } from './checkout-journey';
import { backdateSignature } from './cli';
import { closeOperator, operatorFromCli } from './console';
import { keepScreenshot } from './coverage';
import { PRIVATO_STEPS } from '../../server/test/support/privato-steps';

/*
 * A manager reads the dashboard ("Cruscotto") for the orders of one origin: the test makes them through the
 * public API as the site does (some left at each step of the checkout, three signed with the one-time code),
 * the back office withdraws one and activates another through the console's own calls, and every count the
 * dashboard shows for that origin is what the test made. The origin is this run's own, so the orders other
 * specs make in the same database do not count.
 */

const API_KEY = 'demo-public-key';
const STEPS = Object.keys(PRIVATO_STEPS);
const ACCEPTED = { contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true };

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, unknown>> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/** An order from `origin` with its first `steps` steps sent; its hash. */
async function orderWithSteps(api: APIRequestContext, origin: string, steps: number, mobile: string): Promise<string> {
  const created = await ok(await api.post('/api/orders/new', {
    data: { api_key: API_KEY, offer_id: 101, id_egon_civico: '0580910000001', customer_type: 'privato', is_brand_customer: false, provenienza: origin },
  }));
  const hash = String(created.hash);
  for (const step of STEPS.slice(0, steps)) {
    const payload = step === 'step-contact' ? { ...PRIVATO_STEPS[step], mobile_phone_number: mobile, email: `${origin}.${mobile.slice(-4)}@example.it` } : PRIVATO_STEPS[step];
    await ok(await api.post(`/api/orders/${hash}/${step}`, { data: { api_key: API_KEY, ...payload } }));
  }
  return hash;
}

/** Every step, the identity document, the code by SMS read from the development outbox, the signature; the order number. */
async function signedOrder(api: APIRequestContext, origin: string, mobile: string): Promise<string> {
  const hash = await orderWithSteps(api, origin, STEPS.length, mobile);
  for (const side of ['fronte', 'retro']) {
    await ok(await api.post(`/api/orders/${hash}/document-upload`, {
      multipart: { api_key: API_KEY, kind: 'identity_document', file: { name: `carta-${side}.png`, mimeType: 'image/png', buffer: tinyPng() } },
    }));
  }
  // The contract is shown before its code is asked for.
  await ok(await api.post(`/api/orders/${hash}/contract-preview`, { data: { api_key: API_KEY } }));
  await ok(await api.post(`/api/orders/${hash}/send-otp`, { data: { api_key: API_KEY, mode: 'sms', ...ACCEPTED } }));
  const outbox = await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(`+39${mobile}`)}`)).json() as { data: Array<{ text: string }> };
  const code = /(\d{6})/.exec(outbox.data.find((m) => /\d{6}/.test(m.text))?.text ?? '')?.[1] ?? '';
  const signed = await ok(await api.post(`/api/orders/${hash}/sign-with-otp`, { data: { api_key: API_KEY, otp: code } }));
  return String((signed.order as { order_number: string }).order_number);
}

/** The console's calls with the operator's session (its cookie, and the CSRF token of every POST). */
async function consoleCalls(page: Page) {
  const session = await ok(await page.request.get('/api/console/auth/session'));
  const headers = { 'x-csrf-token': String(session.csrf_token) };
  const post = async (path: string, data: Record<string, unknown>) => ok(await page.request.post(path, { headers, data }));
  const idOf = async (orderNumber: string) =>
    String(((await ok(await page.request.get(`/api/console/orders?q=${orderNumber}`))).items as Array<{ id: string }>)[0]!.id);
  return {
    idOf,
    move: (id: string, from: string, to: string) => post(`/api/console/orders/${id}/transition`, { to, expected_status: from, reason: 'Prova del cruscotto' }),
    approve: async (id: string) => {
      await post(`/api/console/reviews/${id}/claim`, {});
      await post(`/api/console/reviews/${id}/decide`, { decision: 'approve', checklist: { names_match: true, not_expired: true, readable: true, photo_present: true } });
    },
  };
}

test('a manager reads the sales funnel: the dashboard counts exactly the orders made', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const origin = `cruscotto-${Date.now().toString(36)}`;
  const mobile = (i: number) => `3479${String(Date.now() % 100_000).padStart(5, '0')}${i}`;

  // Left at each step: created only, then after step 1, 2, 3, 4, and one with all five sent but not signed.
  for (let steps = 0; steps <= STEPS.length; steps++) await orderWithSteps(page.request, origin, steps, mobile(steps));
  // Signed: one stays waiting for its document's review, one is withdrawn, one activated.
  const [waiting, withdrawn, activated] = [await signedOrder(page.request, origin, mobile(6)), await signedOrder(page.request, origin, mobile(7)), await signedOrder(page.request, origin, mobile(8))];

  const manager = await operatorFromCli(browser, baseURL, 'backoffice', 'Marta Cruscotto');
  const bo = await consoleCalls(manager.page);
  await bo.move(await bo.idOf(withdrawn), 'signed', 'withdrawn');
  // Activation waits for the 14 days: the signature is moved back past them.
  backdateSignature(activated, 15);
  const activatedId = await bo.idOf(activated);
  await bo.move(activatedId, 'signed', 'in_review');
  await bo.approve(activatedId);
  await bo.move(activatedId, 'verified', 'activating');
  await bo.move(activatedId, 'activating', 'active');
  expect(waiting).toMatch(/^FV-/);

  const p = manager.page;
  await p.getByRole('link', { name: 'Cruscotto' }).click();
  await expect(p.getByRole('heading', { level: 1, name: 'Cruscotto' })).toBeVisible();
  // The filters' form is drawn again with the period counted: typed into once the numbers are there.
  await expect(p.getByTestId('dashboard-kpis')).toBeVisible();
  await p.getByRole('textbox', { name: 'Provenienza' }).fill(origin);
  await p.getByRole('button', { name: 'Applica' }).click();
  await expect(p).toHaveURL(new RegExp(`provenienza=${origin}`));

  const count = (key: string) => p.locator(`[data-count="${key}"]`);
  const expected = { created: 9, contact: 8, personal: 7, address: 6, payment: 5, document: 4, signed: 3, activated: 1, withdrawn: 1, cancelled: 0 };
  for (const [key, n] of Object.entries(expected)) await expect(count(key), key).toHaveText(String(n));
  await expect(count('review-lt1d')).toHaveText('1');
  await expect(count('codes-signature-sent')).toHaveText('3');
  await expect(p.getByText('Tasso di recesso')).toBeVisible();
  await expect(p.getByTestId('dashboard-kpis')).toContainText('33,3 %');
  // The same numbers as CSV.
  const csv = await (await p.request.get(await p.getByRole('link', { name: 'Scarica CSV' }).getAttribute('href') ?? '')).text();
  expect(csv).toContain(`provenienza;${origin};${origin};9;8;7;6;5;4;3;1;1;0;33,3 %`);

  // The charts are drawn (the library loaded lazily), and the screen is accessible.
  await expect(p.locator('.console-chart svg.recharts-surface').first()).toBeVisible();
  await expectNoSeriousA11yViolations(p, 'console dashboard');
  for (const width of [1280, 768]) {
    await p.setViewportSize({ width, height: 900 });
    await expect(p.locator('.console-chart svg.recharts-surface').first()).toBeVisible();
    await keepScreenshot(p, testInfo, 'console-dashboard', { forReview: true });
  }
  await closeOperator(manager);
});

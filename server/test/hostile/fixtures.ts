import { DEMO_PUBLIC_API_KEY } from '../../src/config';
import type { TestApp } from '../support/dialects';
import { modules } from '../../src/modules';
import type { AppModule } from '../../src/modules/app-module';
import { loadCatalog } from '../../src/modules/catalog';
import { createLeadsModule, leadsModule } from '../../src/modules/leads';
import { createMobileModule, mobileModule } from '../../src/modules/mobile';
import { createPremadeModule, premadeModule } from '../../src/modules/premade';
import { createSignatureModule, signatureModule } from '../../src/modules/signature';
import { PRIVATO_STEPS } from '../support/privato-steps';
import { TINY_PNG } from './hostile-files';
import { multipartBody } from './multipart';
import { TEST_ADDRESS_ID } from '../support/test-coverage';

export const API_KEY = DEMO_PUBLIC_API_KEY;

/**
 * The production module list with the per-route rate limits lifted: a hostile request should reach
 * validation and the service behind it, not bounce on a 429 after the tenth call (the limits have their
 * own tests). Everything else is the app `npm start` runs.
 */
export const unthrottledModules = (): AppModule[] => {
  const HIGH = 1_000_000;
  const replacements = new Map<AppModule, AppModule>([
    [signatureModule, createSignatureModule({ sendOtpPerMinute: HIGH, limits: { perIpPerHour: HIGH } })],
    [mobileModule, createMobileModule({ activatePerMinute: HIGH })],
    [premadeModule, createPremadeModule({ fillOrderPerMinute: HIGH })],
    [leadsModule, createLeadsModule({ createPerMinute: HIGH })],
  ]);
  return modules.map((m) => replacements.get(m) ?? m);
};

export { PRIVATO_STEPS };

/** Real identifiers of the seeded database, so generated requests also hit things that exist. */
export interface Fixtures {
  /** A fresh order and one taken through the five steps to ready_to_sign. */
  orderHashes: string[];
  mediaIds: string[];
  premadeCodes: string[];
  mobileShortHashes: string[];
  mobileOrderNumbers: string[];
  iccidLast5: string[];
  egonIds: string[];
  buildingIds: string[];
  comuneIds: string[];
  streets: string[];
  offerIds: number[];
  promoCodes: string[];
  refererCodes: string[];
}

async function post(t: TestApp, url: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ method: 'POST', url, payload: { api_key: API_KEY, ...payload } });
  if (res.statusCode !== 200) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Record<string, unknown> }).data;
}

/** At Via Roma 1, one of the fixed demo addresses (the seeded database and `coverage: true` both have it). */
export const newOrder = async (t: TestApp): Promise<string> =>
  (await post(t, '/api/orders/new', { offer_id: 101, id_egon_civico: TEST_ADDRESS_ID })).hash as string;

/** An order taken through the five steps, both sides of the identity card uploaded, its contract preview made: ready to sign. */
export async function readyOrder(t: TestApp): Promise<string> {
  const hash = await newOrder(t);
  for (const [step, payload] of Object.entries(PRIVATO_STEPS)) await post(t, `/api/orders/${hash}/${step}`, payload);
  await uploadPng(t, hash);
  await uploadPng(t, hash);
  await post(t, `/api/orders/${hash}/contract-preview`, {});
  return hash;
}

/** A signed order: the code goes to the development outbox, from where a test reads it like a phone would. */
export async function signedOrder(t: TestApp): Promise<string> {
  const hash = await readyOrder(t);
  await post(t, `/api/orders/${hash}/send-otp`, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true });
  const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent('+393331234567')}` });
  const text = (outbox.json() as { data: Array<{ text: string }> }).data[0]?.text ?? '';
  const otp = /\b(\d{6})\b/.exec(text)?.[1];
  if (!otp) throw new Error(`fixture: no code in the outbox (${text})`);
  await post(t, `/api/orders/${hash}/sign-with-otp`, { otp });
  return hash;
}

export async function uploadPng(t: TestApp, hash: string): Promise<string> {
  const upload = await t.app.inject({
    method: 'POST', url: `/api/orders/${hash}/document-upload`,
    ...multipartBody([{ name: 'api_key', body: API_KEY }, { name: 'file', filename: 'doc.png', body: TINY_PNG }]),
  });
  if (upload.statusCode !== 200) throw new Error(`fixture upload: ${upload.body}`);
  return (upload.json() as { data: { id: string } }).data.id;
}

export async function loadFixtures(t: TestApp): Promise<Fixtures> {
  const fresh = await newOrder(t);
  const ready = await readyOrder(t);
  const mediaId = await uploadPng(t, fresh);

  const premade = await t.db.selectFrom('orders').select('premade_code').where('premade_code', 'is not', null).execute();
  const mobile = await t.db.selectFrom('mobile_orders').select(['short_hash', 'order_number', 'iccid']).limit(5).execute();
  const addresses = await t.db.selectFrom('addresses').select(['id_egon_civico', 'id_building', 'id_comune', 'street_name']).limit(20).execute();
  const promos = await t.db.selectFrom('promo_codes').select('code').execute();
  const referers = await t.db.selectFrom('referer_codes').select('code').execute();
  return {
    orderHashes: [fresh, ready],
    mediaIds: [mediaId],
    premadeCodes: premade.map((r) => r.premade_code as string),
    mobileShortHashes: mobile.map((r) => r.short_hash),
    mobileOrderNumbers: mobile.map((r) => r.order_number),
    iccidLast5: mobile.map((r) => r.iccid.slice(-5)),
    egonIds: addresses.map((a) => a.id_egon_civico),
    buildingIds: addresses.flatMap((a) => (a.id_building ? [a.id_building] : [])),
    comuneIds: [...new Set(addresses.map((a) => a.id_comune))],
    streets: [...new Set(addresses.map((a) => a.street_name))],
    // Every offer of the catalogue plus one that does not exist.
    offerIds: [...loadCatalog().byId.keys(), 999_999],
    promoCodes: promos.map((p) => p.code),
    refererCodes: referers.map((r) => r.code),
  };
}

import { createApiClient } from '@checkout/contract';
import type { ApiClient, FetchLike } from '@checkout/contract';
import { italianCin } from '@checkout/contract/italian/iban';
import { composeIBAN } from 'ibantools';
import { DEMO_PUBLIC_API_KEY } from '../../src/config';
import { TINY_PNG } from '../hostile/hostile-files';

/*
 * The checkout as the browser makes it (e2e/specs/checkout-journey.ts, web/src/features/*), spoken
 * through the same typed client the web uses, against a server listening on a real socket.
 */

export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  /** As typed in the form, e.g. `+39 333 123 4567`. */
  mobile: string;
  cf: string;
  birthDate: string;
  iban: string;
  documentNumber: string;
}

/** Mario Rossi, born in Roma on 01/01/1980 (RSSMRA80A01H501U); `n` makes email and mobile his own. */
export function numberedCustomer(n: number): Customer {
  const digits = String(n).padStart(7, '0').slice(-7);
  return {
    firstName: 'Mario', lastName: 'Rossi', email: `mario.rossi.${n}@example.it`, mobile: `+39 333 ${digits.slice(0, 3)} ${digits.slice(3)}`,
    cf: 'RSSMRA80A01H501U', birthDate: '01/01/1980', iban: 'IT60X0542811101000000123456', documentNumber: 'CA12345AB',
  };
}

/** A valid Italian IBAN (CIN and check digits computed) on the given 12-digit account of ABI 05428 / CAB 11101. */
export function italianIban(conto12: string): string {
  const abiCabConto = `0542811101${conto12}`;
  const iban = composeIBAN({ countryCode: 'IT', bban: `${italianCin(abiCabConto) ?? ''}${abiCabConto}` });
  if (!iban) throw new Error(`no IBAN for account ${conto12}`);
  return iban;
}

/** `+39 333 123 4567` → `+393331234567`, the spelling the outbox is keyed by. */
export const e164 = (mobile: string): string => `+39${mobile.replace(/\D/g, '').replace(/^39(?=\d{9,10}$)/, '')}`;

export interface ApiAs {
  baseUrl: string;
  client: ApiClient;
  /** A raw POST (api key added) for answers the typed client turns into exceptions. */
  post: (path: string, body: Record<string, unknown>) => Promise<{ status: number; body: Envelope }>;
  /** The development outbox for one destination, newest first. */
  outbox: (to: string) => Promise<Array<{ destination: string; text: string; created_at: string }>>;
}

export interface Envelope {
  result: boolean;
  data?: Record<string, unknown>;
  error?: { code: string; message: string; fields?: Record<string, string>; attempts_left?: number };
}

/**
 * The API of `baseUrl` as one visitor sees it. `forwardedFor` poses as another client IP (the server
 * must run with TRUST_PROXY=1: one hop, the test posing as the proxy), so rate limits keyed by IP can be aimed at one test's requests only.
 */
export function apiAs(baseUrl: string, { forwardedFor, timeoutMs = 120_000, fetch = globalThis.fetch }: { forwardedFor?: string; timeoutMs?: number; fetch?: typeof globalThis.fetch } = {}): ApiAs {
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const withHeaders: FetchLike = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), ...headers } });
  return {
    baseUrl,
    client: createApiClient({ baseUrl, apiKey: DEMO_PUBLIC_API_KEY, fetch: withHeaders, timeoutMs }),
    post: async (path, body) => {
      const res = await fetch(baseUrl + path, {
        method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ api_key: DEMO_PUBLIC_API_KEY, ...body }),
      });
      return { status: res.status, body: (await res.json()) as Envelope };
    },
    outbox: async (to) => {
      const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers });
      if (!res.ok) throw new Error(`outbox answered ${res.status}`);
      return ((await res.json()) as { data: Array<{ destination: string; text: string; created_at: string }> }).data;
    },
  };
}

/** Coverage check at Via Roma 1, Roma: the comune, the address, its services, then offer 101's page. */
export async function coverageAndOffer(client: ApiClient): Promise<Record<string, unknown>> {
  const [roma] = (await client.searchComuni({ search: 'roma' })).filter((c) => c.name === 'Roma');
  if (!roma) throw new Error('search-comuni: no Roma');
  const hit = (await client.listAddressAdvanced({ address: 'via roma 1', id_comune: roma.id, third_party_coverage: true }))
    .find((h) => h.label === 'Via Roma 1, 00185 Roma (RM)');
  if (!hit) throw new Error('list-address-advanced: no Via Roma 1');
  const coverage = await client.services({ id_egon_civico: hit.id_egon_civico, customer_type: 'privato' });
  if (coverage.suggested_technology !== 'FTTH' || !coverage.offer_ids.includes(101)) throw new Error(`services: ${JSON.stringify(coverage)}`);
  const offer = await client.getOffer({ offer_id: 101 }, { customer_type: 'privato' });
  if (offer.id !== 101) throw new Error('offer 101 not served');
  // What the browser keeps from these screens and sends with orders/new (web coverage-page, coverage-outcome).
  return {
    customer_type: 'privato', address: hit.street, number: hit.number, city: hit.city, zip_code: hit.zip_code, province: hit.province,
    id_comune: hit.id_comune, id_egon_civico: hit.id_egon_civico, id_building: hit.id_building ?? '',
    services_coverage: coverage.services, suggested_technology: 'FTTH', technology: 'FTTH',
    openfiber_cluster: coverage.openfiber_cluster ?? '', cluster: coverage.openfiber_cluster ?? '',
  };
}

/** The five steps' bodies, as the forms send them (dates typed dd/mm/yyyy; the client converts them). */
export function stepBodies(c: Customer): Array<[string, Record<string, unknown>]> {
  return [
    ['step-contact', { first_name: c.firstName, last_name: c.lastName, email: c.email, mobile_phone_number: c.mobile, privacy_consent: true, marketing_consent: false }],
    ['step-personal', {
      cf: c.cf, sex: 'M', birth_date: c.birthDate, birth_city: 'Roma', birth_province: 'RM', country: 'IT', nationality: 'italiana',
      residenza_indirizzo: 'Via Roma', residenza_civico: '1', residenza_comune: 'Roma', residenza_cap: '00185', residenza_provincia: 'RM',
    }],
    ['step-address', { address: 'Via Roma', number: '1', city: 'Roma', zip_code: '00185', province: 'RM', shipping_same_as_activation: true }],
    ['step-payment', { sepa_first_name: c.firstName, sepa_last_name: c.lastName, iban: c.iban }],
    ['step-document', {
      document_type: 'carta_identita', document_number: c.documentNumber, document_issue_date: '15/06/2020',
      document_expiry_date: '15/06/2031', document_issuer: 'Comune di Roma', document_issue_comune: 'Roma', document_issue_province: 'RM',
    }],
  ];
}

/** orders/new with the coverage fields and step 1's values, as step-contact-form.tsx does; the order's hash. */
export async function newOrder(client: ApiClient, coverage: Record<string, unknown>, c: Customer): Promise<string> {
  const contact = stepBodies(c)[0]![1];
  const created = await client.newOrder({ ...coverage, ...contact, referer_code: '', offer_id: 101, is_brand_customer: false } as Parameters<ApiClient['newOrder']>[0]);
  if (typeof created === 'string') throw new Error(`orders/new: ${created}`);
  return created.hash;
}

/** Both sides of the identity card, as two images: what the signing code waits for. */
export async function uploadIdentityDocument(client: ApiClient, hash: string): Promise<void> {
  for (const side of ['fronte', 'retro']) {
    await client.documentUpload({ order_hash: hash }, { kind: 'identity_document', file: new Blob([TINY_PNG], { type: 'image/png' }), filename: `carta-identita-${side}.png` });
  }
}

/** The newest code sent to `to` after `notBefore` (the outbox is shared by every order of the server). */
export async function readCode(api: ApiAs, to: string, notBefore: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const newest = (await api.outbox(to)).find((m) => m.created_at >= notBefore);
    const code = newest ? /è (\d{6})/.exec(newest.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => { setTimeout(resolve, 20); });
  }
  throw new Error(`no code in the outbox for ${to}`);
}

export interface SignedCheckout {
  hash: string;
  signedSha256: string;
}

/** Coverage → offer → orders/new → steps 1-4 → upload → step 5 → preview → send-otp (SMS) → code from the outbox → sign. */
export async function signedCheckout(api: ApiAs, c: Customer): Promise<SignedCheckout> {
  const { client } = api;
  const coverage = await coverageAndOffer(client);
  const hash = await newOrder(client, coverage, c);
  const steps = stepBodies(c);
  for (const [name, body] of steps.slice(0, 4)) await client.submitStep({ order_hash: hash, step_name: name }, body);
  await uploadIdentityDocument(client, hash);
  const last = await client.submitStep({ order_hash: hash, step_name: 'step-document' }, steps[4]![1]);
  if (last.status !== 'ready_to_sign') throw new Error(`after step 5 the order is ${last.status}`);

  const preview = await client.contractPreview({ order_hash: hash });
  // The copy read is marked as a draft: the hash is the unmarked record's (the one the code binds), not the copy's.
  if (Buffer.from(preview.pdf_base64, 'base64').subarray(0, 5).toString('latin1') !== '%PDF-' || !/^[0-9a-f]{64}$/.test(preview.sha256)) throw new Error('preview is not a PDF with its hash');
  const askedAt = new Date(Date.now() - 1000).toISOString();
  const sent = await client.sendOtp({ order_hash: hash }, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true });
  if (!sent.sent) throw new Error('send-otp: not sent');
  const code = await readCode(api, e164(c.mobile), askedAt);
  const signed = await client.signWithOtp({ order_hash: hash }, { otp: code });
  if (!signed.signed || signed.order.status !== 'signed') throw new Error(`sign-with-otp: ${JSON.stringify(signed)}`);
  return { hash, signedSha256: signed.document_sha256 };
}

import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AddedOption } from '@checkout/contract';
import { DEMO_PUBLIC_API_KEY } from '../../src/config';
import type { Config } from '../../src/config';
import type { Db } from '../../src/db';
import type { AppModule } from '../../src/modules/app-module';
import { catalogModule, seedPromoCodes } from '../../src/modules/catalog';
import { createDocumentsModule } from '../../src/modules/documents';
import { createOrdersModule } from '../../src/modules/orders';
import { createSignatureModule } from '../../src/modules/signature';
import { buildTestApp } from './dialects';
import type { TestApp, TestDialect } from './dialects';
import { injectCall } from './inject-client';
import type { InjectClient, WireEnvelope } from './inject-client';
import { PRIVATO_STEPS } from './privato-steps';
import { TEST_ADDRESS_ID } from './test-coverage';
import { TINY_PNG } from '../hostile/hostile-files';
import { customerFilePath } from './customer-files';
import type { CustomerFile } from '../../src/modules/signature/customer-file-links';

/*
 * A test app that takes a private order from its creation to its signature, on a clock the test moves:
 * the catalogue, orders, documents and signature modules, each request from its own client address.
 * Call it inside a `describeEachDialect` body (it registers the beforeAll/afterAll).
 */

type NewOrder = Parameters<InjectClient['newOrder']>[0];

/** Every acceptance send-otp needs from a consumer. */
export const ACCEPTED = { contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true };

/** An option as the browser sends it (the server prices it from the catalogue). */
export const added = (id: number, category: AddedOption['category']) => ({ id, category, recurrent_cost: 0, cash_amount: 0 });
/** Offer 101 with a router and its colour, a speed upgrade, a repeater, a voice line and two covers. */
export const FULL_SELECTION = {
  offer_id: 101, id_egon_civico: TEST_ADDRESS_ID, routerVariant: 'corten',
  options: [added(22, 'router'), added(51, 'speed_upgrade'), added(28, 'repeater'), added(10, 'voip')],
  additional_variants: ['wood', 'marble'],
};

type Call = <T>(make: (client: InjectClient) => Promise<T>) => Promise<{ status: number; body: unknown }>;

/**
 * Images of the identity document, as the signer uploads them before asking for the code: two (front
 * and back) unless told otherwise. The documents module must be in the app.
 */
export async function uploadIdentity(call: Call, hash: string, sides = 2): Promise<void> {
  for (let side = 1; side <= sides; side++) {
    const res = await call((c) => c.documentUpload({ order_hash: hash }, {
      kind: 'identity_document', file: new Blob([TINY_PNG], { type: 'image/png' }), filename: `carta-identita-${side}.png`,
    }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/**
 * Both sides of the identity card as the documents module records them, without the upload: for tests of
 * code limits that sign dozens of orders and have no business with the files (send-otp reads the rows).
 */
export async function recordIdentityOnFile(db: Db, hash: string, at = '2026-03-01T10:00:00.000Z'): Promise<void> {
  const order = await db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow();
  await db.insertInto('medias').values(['fronte', 'retro'].map((side) => ({
    id: randomUUID(), order_id: order.id, kind: 'identity_document', filename: `carta-identita-${side}.png`, mime: 'image/png',
    size: TINY_PNG.length, sha256: createHash('sha256').update(TINY_PNG).digest('hex'), stored_name: `${randomUUID()}.png`, created_at: at,
  }))).execute();
}

export interface SigningHarnessOptions {
  moreModules?: (now: () => Date) => AppModule[];
  /** Configuration overrides, read when the app is built (a receiver started in an earlier beforeAll can give its URL). */
  config?: () => Partial<Config>;
}

export function signingHarness(dialect: TestDialect, start = '2026-03-01T10:00:00Z', { moreModules, config }: SigningHarnessOptions = {}) {
  const clock = { ms: Date.parse(start) };
  const now = () => new Date(clock.ms);
  let ipCounter = 0;
  const h = {
    clock,
    /** The app (set in beforeAll). */
    t: undefined as unknown as TestApp,
    /** One typed call, settled, on a client of its own from its own address, as a browser with its user agent. */
    call<T>(make: (client: InjectClient) => Promise<T>) {
      return injectCall(h.t.app, make, { remoteAddress: `10.9.0.${++ipCounter % 250}`, headers: { 'user-agent': 'vitest' } });
    },
    /** A body as it is, for what the typed client would not let through (a required field left out). */
    async sendRaw(url: string, payload: Record<string, unknown>) {
      const res = await h.t.app.inject({
        method: 'POST', url, payload: { api_key: DEMO_PUBLIC_API_KEY, ...payload }, remoteAddress: `10.9.0.${++ipCounter % 250}`, headers: { 'user-agent': 'vitest' },
      });
      return { status: res.statusCode, body: res.json() as WireEnvelope };
    },
    preview: (hash: string) => h.call((c) => c.contractPreview({ order_hash: hash })),
    sign: (hash: string, otp: string) => h.call((c) => c.signWithOtp({ order_hash: hash }, { otp })),
    uploadIdentity: (hash: string, sides = 2) => uploadIdentity(h.call, hash, sides),
    /** A private order with every step sent and the identity document on file: ready to sign. */
    async readyOrder(extra: Partial<NewOrder> = {}, { identitySides = 2 }: { identitySides?: number } = {}): Promise<string> {
      const res = await h.call((c) => c.newOrder({ ...FULL_SELECTION, ...extra }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const hash = res.body.data!.hash as string;
      for (const [name, payload] of Object.entries(PRIVATO_STEPS)) {
        expect((await h.call((c) => c.submitStep({ order_hash: hash, step_name: name }, payload))).status).toBe(200);
      }
      await h.uploadIdentity(hash, identitySides);
      return hash;
    },
    /** The code of the newest message to the demo mobile number. */
    async latestCode(): Promise<string> {
      const res = await h.t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B393331234567' });
      // The newest message with a code: the customer's notifications reach the same number.
      const message = (res.json() as { data: Array<{ text: string }> }).data.find((m) => /è \d{6}/.test(m.text));
      return /è (\d{6})/.exec(message?.text ?? '')![1]!;
    },
    /** A minute later (past the resend cooldown), a signing code by SMS with every acceptance. */
    async sendCode(hash: string): Promise<string> {
      clock.ms += 60_000;
      const res = await h.call((c) => c.sendOtp({ order_hash: hash }, { mode: 'sms', ...ACCEPTED }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return h.latestCode();
    },
    row: (hash: string) => h.t.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow(),
    /** The signed contract or the evidence bundle, with the one-hour link the signature gives. */
    download: (hash: string, file: CustomerFile) => h.t.app.inject({ method: 'GET', url: customerFilePath(h.t.config, hash, file, now()) }),
  };
  beforeAll(async () => {
    h.t = await buildTestApp(dialect, {
      coverage: true,
      ...(config ? { config: config() } : {}),
      modules: [
        catalogModule, createOrdersModule({ now }), createDocumentsModule({ now }),
        createSignatureModule({ now, sendOtpPerMinute: 10_000, limits: { perIpPerHour: 1000 } }),
        ...(moreModules?.(now) ?? []),
      ],
    });
    await seedPromoCodes(h.t.db);
  });
  afterAll(async () => h.t.close());
  return h;
}

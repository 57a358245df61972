import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects';
import { signingHarness } from '../../../test/support/signing-harness';
import { createFsStorage } from '../../infra/storage';
import { createPremadeOrder } from '../premade';
import { DAY_MS, KEPT_AFTER_ORDER, PURGED_WITH_ORDER, purgeAbandonedDrafts, purgeClock, purgeOrderIfAbandoned } from './purge-drafts';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';

/*
 * The purge on real orders: made through the API (steps, contract preview, code), signed for real, on the
 * harness's clock; the purge runs "later" by being given a later `now`.
 */

const ORDER_TABLES = [...PURGED_WITH_ORDER, ...KEPT_AFTER_ORDER] as const;

/** A one-time code asked with an order (withdrawals, consent changes, pre-made unlocks share the columns), confirmed. */
const challenge = (orderId: string, iso: string) => ({
  id: randomUUID(), order_id: orderId, channel: 'sms' as const, masked_destination: '+39 333 ***4567', code_hash: 'd'.repeat(64),
  ip: '10.0.0.1', user_agent: 'vitest', created_at: iso, expires_at: iso, confirmed_at: iso,
});

describeEachDialect('retention: abandoned drafts', (dialect) => {
  const h = signingHarness(dialect, '2026-03-01T10:00:00Z');
  const db = () => h.t.db;
  const storage = () => h.t.config.storageDir;
  const at = (days: number) => new Date(h.clock.ms + days * DAY_MS);
  const purge = (now: Date) => purgeAbandonedDrafts(db(), { storage: createFsStorage(storage()), retentionDays: 30, now });
  const idOf = async (hash: string) => (await h.row(hash)).id;
  const exists = async (id: string) => (await db().selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  /** Rows of the order in every table that holds an order_id. */
  const rowsOf = async (id: string) => Object.fromEntries(await Promise.all(ORDER_TABLES.map(async (table) => {
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where order_id = ${id}`.execute(db());
    return [table, Number(r.rows[0]!.n)] as const;
  })));
  const filesOf = (id: string) => (existsSync(path.join(storage(), id)) ? readdirSync(path.join(storage(), id)).sort() : null);
  /** An uploaded document as the documents module keeps it: the file in the order's folder, then its row. */
  const addDocument = async (id: string, createdAt: Date) => {
    const folder = path.join(storage(), id);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const storedName = `${randomBytes(16).toString('hex')}.png`;
    writeFileSync(path.join(folder, storedName), randomBytes(64), { mode: 0o600 });
    await db().insertInto('medias').values({
      id: randomUUID(), order_id: id, kind: 'identity_document', filename: 'carta.png', stored_name: storedName,
      mime: 'image/png', size: 64, sha256: 'a'.repeat(64), created_at: createdAt.toISOString(),
    }).execute();
  };
  const preview = async (hash: string) => expect((await h.preview(hash)).status).toBe(200);
  const sign = async (hash: string) => {
    await preview(hash);
    const code = await h.sendCode(hash);
    const res = await h.sign(hash, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('deletes an abandoned draft with its rows in every dependent table and its folder; the consent ledger stays', async () => {
    const hash = await h.readyOrder();
    const id = await idOf(hash);
    await preview(hash);
    await h.sendCode(hash);
    await addDocument(id, new Date(h.clock.ms));
    const iso = new Date(h.clock.ms).toISOString();
    await db().insertInto('signature_contacts').values({ order_id: id, mobile_phone_number: '3471112299', after_document_id: 0, updated_at: iso }).execute();
    await db().insertInto('premade_unlocks').values(challenge(id, iso)).execute();
    await db().insertInto('mobile_number_changes').values({ ...challenge(id, iso), mobile_phone_number: '3471112299', previous_masked_destination: null }).execute();
    // What the operator console keeps of an order: a note, a decision on its document, a review claim.
    await db().insertInto('order_timeline').values({ order_id: id, kind: 'note', at: iso, operator_id: 'op', operator_name: 'Operatore', from_status: null, to_status: null, text: 'nota' }).execute();
    const media = await db().selectFrom('medias').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
    await db().insertInto('document_reviews').values({ id: randomUUID(), order_id: id, media_id: media.id, decision: 'rejected', reason_code: 'unreadable', note: null, operator_id: 'op', operator_name: 'Operatore', at: iso }).execute();
    await db().insertInto('review_claims').values({ order_id: id, operator_id: 'op', operator_name: 'Operatore', claimed_at: iso, until: iso }).execute();
    // The tracking page opened with a code, and a slot the provider offered.
    const unlock = challenge(id, iso);
    await db().insertInto('tracking_unlocks').values(unlock).execute();
    await db().insertInto('tracking_access').values({ id: randomUUID(), order_id: id, token_hash: 'e'.repeat(64), unlock_id: unlock.id, created_at: iso, expires_at: iso }).execute();
    await db().insertInto('appointment_slots').values({ id: randomUUID(), order_id: id, starts_at: iso, ends_at: iso, status: 'offered', published_at: iso, booked_at: null, updated_at: iso }).execute();
    // A sign-in with CIE id or SPID started and made for the draft.
    await db().insertInto('identity_requests').values({
      state_hash: 'f'.repeat(64), order_id: id, provider: 'https://idp.example.it', acr: 'https://www.spid.gov.it/SpidL2', nonce: 'n'.repeat(64),
      code_verifier: 'v'.repeat(64), return_step: 'step-contact', created_at: iso, expires_at: iso, used_at: iso,
    }).execute();
    await db().insertInto('order_identifications').values({
      id: randomUUID(), order_id: id, provider: 'https://idp.example.it', provider_kind: 'spid', level: 'https://www.spid.gov.it/SpidL2',
      subject: 'sub', identified_at: iso, id_token_sha256: 'c'.repeat(64), claims_json: '{"given_name":"Mario"}',
    }).execute();
    const before = await rowsOf(id);
    for (const table of PURGED_WITH_ORDER) expect(before[table], table).toBeGreaterThan(0);
    expect(before.consent_events).toBeGreaterThan(0);
    expect(filesOf(id)!.filter((f) => f.startsWith('contract-')).length).toBeGreaterThanOrEqual(2);
    expect(filesOf(id)!.some((f) => f.endsWith('.png'))).toBe(true);

    const result = await purge(at(31));
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect(result.foldersLeft).toBe(0);
    expect(await exists(id)).toBe(false);
    const after = await rowsOf(id);
    for (const table of PURGED_WITH_ORDER) expect(after[table], table).toBe(0);
    expect(after.consent_events).toBe(before.consent_events);
    expect(filesOf(id)).toBeNull();
  });

  it('keeps a draft touched within the retention period; deletes it once the period has passed', async () => {
    const res = await h.call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101 }));
    const id = await idOf(res.body.data!.hash as string);
    await addDocument(id, new Date(h.clock.ms));
    await purge(at(29));
    expect(await exists(id)).toBe(true);
    expect(filesOf(id)).toHaveLength(1);
    await purge(at(31));
    expect(await exists(id)).toBe(false);
    expect(filesOf(id)).toBeNull();
  });

  it('keeps a signed order years later, with its files and evidence; withdrawn and cancelled orders too', async () => {
    const hash = await h.readyOrder();
    const id = await idOf(hash);
    await sign(hash);
    await addDocument(id, new Date(h.clock.ms));
    const [withdrawnHash, cancelledHash] = [await h.readyOrder(), await h.readyOrder()];
    await db().updateTable('orders').set({ status: 'withdrawn' }).where('hash', '=', withdrawnHash).execute();
    await db().updateTable('orders').set({ status: 'cancelled' }).where('hash', '=', cancelledHash).execute();
    const rows = await rowsOf(id);
    const files = filesOf(id);
    expect(rows.signature_evidence).toBe(1);
    expect(files!.some((f) => f.startsWith('contract-signed-'))).toBe(true);

    await purge(at(20 * 366));
    expect(await exists(id)).toBe(true);
    expect(await rowsOf(id)).toEqual(rows);
    expect(filesOf(id)).toEqual(files);
    expect(await exists(await idOf(withdrawnHash))).toBe(true);
    expect(await exists(await idOf(cancelledHash))).toBe(true);
  });

  it('never purges an order with signature, withdrawal or consent-change evidence, whatever its status says', async () => {
    const ids = [await idOf(await h.readyOrder()), await idOf(await h.readyOrder()), await idOf(await h.readyOrder())];
    const iso = new Date(h.clock.ms).toISOString();
    await db().insertInto('signature_evidence').values({
      id: randomUUID(), order_id: ids[0]!, otp_id: randomUUID(), signed_at: iso, channel: 'sms', masked_destination: '+39 333 ***4567',
      ip: '10.0.0.1', user_agent: 'vitest', preview_sha256: 'b'.repeat(64), signed_sha256: 'c'.repeat(64),
    }).execute();
    await db().insertInto('withdrawals').values(challenge(ids[1]!, iso)).execute();
    await db().insertInto('consent_changes').values(challenge(ids[2]!, iso)).execute();
    await purge(at(400));
    for (const id of ids) expect(await exists(id)).toBe(true);
  });

  it('counts a preview or a code as activity: a customer back after a month to sign keeps the order', async () => {
    // One customer comes back for a new preview; the other had one and comes back for the code.
    const [previewed, coded] = [await h.readyOrder(), await h.readyOrder()];
    await preview(coded);
    const updatedAt = [(await h.row(previewed)).updated_at, (await h.row(coded)).updated_at];
    h.clock.ms += 25 * DAY_MS;
    await preview(previewed);
    await h.sendCode(coded);
    // The preview and the code do not touch the order row: only their own rows say the customer is here.
    expect([(await h.row(previewed)).updated_at, (await h.row(coded)).updated_at]).toEqual(updatedAt);
    expect(await db().selectFrom('contract_documents').select('id').where('order_id', '=', await idOf(coded)).where('created_at', '>', updatedAt[1]!).execute()).toEqual([]);
    const ids = [await idOf(previewed), await idOf(coded)];
    await purge(at(6));
    for (const id of ids) expect(await exists(id)).toBe(true);
    await purge(at(31));
    for (const id of ids) expect(await exists(id)).toBe(false);
  });

  it('counts a pre-made unlock or a number change as activity too', async () => {
    const [unlocked, changed] = [await idOf(await h.readyOrder()), await idOf(await h.readyOrder())];
    const recent = at(25).toISOString();
    await db().insertInto('premade_unlocks').values(challenge(unlocked, recent)).execute();
    await db().insertInto('mobile_number_changes').values({ ...challenge(changed, recent), mobile_phone_number: '3471112299', previous_masked_destination: null }).execute();
    await purge(at(31));
    expect(await exists(unlocked)).toBe(true);
    expect(await exists(changed)).toBe(true);
    await purge(at(56));
    expect(await exists(unlocked)).toBe(false);
    expect(await exists(changed)).toBe(false);
  });

  it('keeps a pre-made order until it has expired, then purges it once untouched for the period', async () => {
    const now = new Date(h.clock.ms);
    const fields = { id_egon_civico: TEST_ADDRESS_ID, first_name: 'Anna', last_name: 'Bianchi', email: 'anna@example.it', mobile_phone_number: '3331234567' };
    const waiting = await createPremadeOrder(db(), { offerId: 101, fields, now, expiresAt: new Date(now.getTime() + 60 * DAY_MS) });
    await purge(at(45));
    expect(await exists(waiting.id)).toBe(true);
    await purge(at(61));
    expect(await exists(waiting.id)).toBe(false);
  });

  it('re-checks under the lock: an order signed or touched after it was picked stays', async () => {
    const signed = await idOf(await h.readyOrder());
    const touched = await idOf(await h.readyOrder());
    const clock = purgeClock(30, at(31));
    // Picked by an earlier search; meanwhile one got signed, the other a step.
    await db().updateTable('orders').set({ status: 'signed' }).where('id', '=', signed).execute();
    await db().updateTable('orders').set({ updated_at: at(30).toISOString() }).where('id', '=', touched).execute();
    expect(await purgeOrderIfAbandoned(db(), createFsStorage(storage()), signed, clock)).toEqual({ purged: false, folderRemoved: true });
    expect(await purgeOrderIfAbandoned(db(), createFsStorage(storage()), touched, clock)).toEqual({ purged: false, folderRemoved: true });
    expect(await exists(signed)).toBe(true);
    expect(await exists(touched)).toBe(true);
    // Already gone (another purger won): nothing to do, no error.
    expect(await purgeOrderIfAbandoned(db(), createFsStorage(storage()), randomUUID(), clock)).toEqual({ purged: false, folderRemoved: true });
  });
});

describeEachDialect('retention: every table of an order is accounted for', (dialect) => {
  it('each table with an order_id column is either purged with the order or kept on purpose', async () => {
    const { db, destroy } = await dialect.createDb();
    try {
      // On PostgreSQL every test file has a schema of its own in one database, and introspection lists all of
      // them: only this database's schema counts (tests running at the same time add theirs).
      const own = dialect.name === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
      const tables = await db.introspection.getTables();
      const withOrderId = tables.filter((t) => (own === undefined || t.schema === own) && t.columns.some((c) => c.name === 'order_id'))
        .map((t) => t.name).sort();
      // A new table referencing orders must be added to one of the two lists (docs/operations.md says which).
      expect(withOrderId).toEqual([...ORDER_TABLES].sort());
    } finally {
      await destroy();
    }
  });
});

describe('retention clock', () => {
  it('the cutoff is exactly the retention period before now', () => {
    expect(purgeClock(30, new Date('2026-04-01T00:00:00Z'))).toEqual({ cutoff: '2026-03-02T00:00:00.000Z', nowIso: '2026-04-01T00:00:00.000Z' });
  });
});

import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Db } from '../../src/db';
import { apiAs, coverageAndOffer, italianIban, newOrder, numberedCustomer, stepBodies } from './checkout-journey';
import type { Customer } from './checkout-journey';
import { serverDatabaseMakers } from './server-databases';
import type { ServerDatabase } from './server-databases';
import { startServer } from './server-process';
import type { ServerProcess } from './server-process';

/*
 * Issue 6, crash consistency: the real server takes concurrent order writes (orders/new and step
 * submissions) and is killed with SIGKILL in the middle of them, then started again on the same
 * database, round after round. After every kill the database passes the engine's own checks, and
 * everything the server acknowledged (a 200 received before the kill) is there as acknowledged.
 * Three rounds prove the property (each kill lands at a random moment of a round's writes); volume belongs
 * to the bench. CRASH_ROUNDS (default 3) and CRASH_WRITERS (concurrent visitors, default 12) make it heavier.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const WRITERS = Number(process.env.CRASH_WRITERS ?? 12);
/** The kill comes once this many step submissions were acknowledged in the round, at a random moment after. */
const STEP_ACKS_BEFORE_KILL = 10;

/** Per step, the field whose stored value proves the acknowledged submission is the one kept. */
const WITNESS: Record<string, string> = {
  'step-contact': 'email', 'step-personal': 'residenza_civico', 'step-address': 'shipping_number', 'step-payment': 'iban', 'step-document': 'document_number',
};
const normalise = (v: unknown): string => String(v).replace(/\s+/g, '').toUpperCase();

interface AckedOrder {
  hash: string;
  email: string;
  /** Step name → the witness value of its acknowledged submission. */
  steps: Map<string, string>;
}

/** Visitor `n`: values of their own in every step, so a mix-up between orders shows. */
function crashCustomer(n: number): { customer: Customer; steps: Array<[string, Record<string, unknown>]> } {
  const customer: Customer = { ...numberedCustomer(n), email: `crash.${n}@example.it`, iban: italianIban(String(n).padStart(12, '0')), documentNumber: `CA${String(n % 100_000).padStart(5, '0')}AB` };
  const steps = stepBodies(customer).map(([name, body]): [string, Record<string, unknown>] => {
    if (name === 'step-personal') return [name, { ...body, residenza_civico: String(n) }];
    // The activation address is the coverage record's: the shipping address is where a visitor's own text goes.
    if (name === 'step-address') {
      return [name, {
        ...body, shipping_same_as_activation: false, shipping_recipient: 'Mario Rossi', shipping_address: 'Via del Corso',
        shipping_number: String(n), shipping_zip: '00186', shipping_city: 'Roma', shipping_province: 'RM',
      }];
    }
    return [name, body];
  });
  return { customer, steps };
}

/** What the database says against what was acknowledged; and each written order is whole (its steps, step data and status agree). */
async function acknowledgedProblems(db: Db, acked: AckedOrder[]): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db.selectFrom('orders').select(['id', 'hash', 'status', 'fields_json', 'step_data_json'])
    .where('fields_json', 'like', '%"email":"crash.%').execute();
  const steps = await db.selectFrom('order_steps').select(['order_id', 'step_name', 'payload_json']).where('order_id', 'in', rows.length ? rows.map((r) => r.id) : ['-']).execute();
  const byHash = new Map(rows.map((r) => [r.hash, r]));
  const stepsOf = new Map<string, Map<string, Record<string, unknown>>>();
  for (const s of steps) {
    const m = stepsOf.get(s.order_id) ?? new Map<string, Record<string, unknown>>();
    m.set(s.step_name, JSON.parse(s.payload_json) as Record<string, unknown>);
    stepsOf.set(s.order_id, m);
  }
  for (const ack of acked) {
    const row = byHash.get(ack.hash);
    if (!row) { problems.push(`acknowledged order ${ack.hash} is missing`); continue; }
    const fields = JSON.parse(row.fields_json) as Record<string, unknown>;
    if (normalise(fields.email) !== normalise(ack.email)) problems.push(`order ${ack.hash}: email ${String(fields.email)} instead of ${ack.email}`);
    for (const [step, witness] of ack.steps) {
      const stored = stepsOf.get(row.id)?.get(step);
      if (!stored) problems.push(`order ${ack.hash}: acknowledged ${step} is missing`);
      else if (normalise(stored[WITNESS[step]!]) !== normalise(witness)) problems.push(`order ${ack.hash}: ${step} holds ${String(stored[WITNESS[step]!])} instead of ${witness}`);
    }
    if (ack.steps.size === 5 && row.status !== 'ready_to_sign') problems.push(`order ${ack.hash}: five steps acknowledged but status ${row.status}`);
  }
  // Not only the acknowledged ones: any order a killed transaction touched is all-or-nothing.
  for (const row of rows) {
    const stored = [...(stepsOf.get(row.id)?.keys() ?? [])].sort();
    const recorded = Object.keys(JSON.parse(row.step_data_json) as Record<string, unknown>).sort();
    if (stored.join() !== recorded.join()) problems.push(`order ${row.hash}: steps [${stored.join()}] but step data [${recorded.join()}]`);
    const expected = stored.length === 0 ? 'draft' : stored.length === 5 ? 'ready_to_sign' : 'in_progress';
    if (row.status !== expected) problems.push(`order ${row.hash}: status ${row.status} with ${stored.length} steps`);
  }
  return problems;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => { setTimeout(resolve, ms); });

// The dialects run side by side: most of a round is a process starting, which waits on the disk as much as the CPU.
describe.concurrent('crash consistency', () => {
  for (const { dialect, make } of serverDatabaseMakers(process.env.TEST_DATABASE_URL)) {
    describe(`[${dialect}] SIGKILL during order writes, then restart`, () => {
      let database: ServerDatabase;
      let server: ServerProcess | undefined;
      beforeAll(async () => { database = await make(); });
      afterAll(async () => {
        await server?.stop('SIGKILL');
        await database?.destroy();
      });

      it(`${ROUNDS} rounds: the database stays sound and keeps every acknowledged write`, async ({ expect }) => {
        const acked: AckedOrder[] = [];
        let next = 0;
        const perRound: string[] = [];
        let checked = '';
        for (let round = 1; round <= ROUNDS; round++) {
          server = await startServer({
            DATABASE_URL: database.url, STORAGE_DIR: database.storageDir, RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'fatal',
          });
          const { client } = apiAs(server.url, { timeoutMs: 30_000 });
          const coverage = await coverageAndOffer(client);
          let killed = false;
          let roundAcks = 0;
          let roundStepAcks = 0;
          let failedAfterKill = 0;
          const unexpected: string[] = [];
          // Each visitor: orders/new, then the five steps, then the next visitor, until the server dies.
          const writer = async (): Promise<void> => {
            while (!killed) {
              const { customer, steps } = crashCustomer(next++);
              try {
                const hash = await newOrder(client, coverage, customer);
                const ack: AckedOrder = { hash, email: customer.email, steps: new Map() };
                acked.push(ack);
                roundAcks++;
                for (const [name, body] of steps) {
                  await client.submitStep({ order_hash: hash, step_name: name }, body);
                  ack.steps.set(name, String(body[WITNESS[name]!]));
                  roundAcks++;
                  roundStepAcks++;
                }
              } catch (err) {
                // Only the kill may interrupt a visitor; anything else is a failure of the server.
                if (killed) failedAfterKill++;
                else { unexpected.push(err instanceof Error ? err.message : JSON.stringify(err)); return; }
              }
            }
          };
          const writers = Array.from({ length: WRITERS }, writer);
          const deadline = Date.now() + 120_000;
          while (roundStepAcks < STEP_ACKS_BEFORE_KILL && unexpected.length === 0 && Date.now() < deadline) await sleep(5);
          await sleep(Math.random() * 300);
          killed = true;
          await server.stop('SIGKILL');
          server = undefined;
          await Promise.all(writers);
          expect(unexpected, `round ${round}: failures before the kill`).toEqual([]);
          expect(roundStepAcks, `round ${round}: steps acknowledged before the kill`).toBeGreaterThanOrEqual(STEP_ACKS_BEFORE_KILL);

          const integrity = await database.checkIntegrity();
          expect(integrity.problems, `round ${round}: ${integrity.checked}`).toEqual([]);
          checked = integrity.checked;
          const handle = database.open();
          try {
            expect(await acknowledgedProblems(handle.db, acked), `round ${round}: acknowledged writes`).toEqual([]);
          } finally {
            await handle.destroy();
          }
          perRound.push(`${roundAcks} acks/${failedAfterKill} cut`);
        }
        const steps = acked.reduce((n, a) => n + a.steps.size, 0);
        process.stdout.write(`[${dialect}] crash: ${ROUNDS} rounds (${perRound.join(', ')}); ${acked.length} acknowledged orders and ${steps} acknowledged steps all kept; ${checked}\n`);
      }, 600_000);
    });
  }
});

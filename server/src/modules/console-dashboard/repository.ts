import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import type { CodePurposeKey, DashboardCounts } from '@checkout/contract';
import { DOCUMENT_REVIEW_STATUSES, FUNNEL_STEP_NAMES } from '@checkout/contract';
import type { DB as Database } from '../../db/types';
import type { Conn } from '../orders';

/*
 * The dashboard's counts, each one grouped statement over the records: `orders` in the period (by the
 * created_at index), their steps and timeline looked up per order on their primary keys, the identity
 * documents waiting, the code tables. Portable SQL only (`substr` of the ISO text for the day, `case`,
 * `exists`): the same statements on SQLite and PostgreSQL, and the weeks are rolled up from the days in the
 * contract (console/dashboard.ts), not by a dialect's date functions.
 */

export interface OrderScope {
  /** ISO instants: `created_at >= start` and `< end`. */
  start: string;
  end: string;
  offerId?: number | undefined;
  promo?: string | undefined;
  provenienza?: string | undefined;
}

/** The filters on the orders `o` besides the period (promo as orders keep it, upper case). */
function scopeOf(scope: Omit<OrderScope, 'start' | 'end'>): RawBuilder<SqlBool> {
  const parts = [
    ...(scope.offerId !== undefined ? [sql`o.offer_id = ${scope.offerId}`] : []),
    ...(scope.promo ? [sql`o.promo = ${scope.promo.toUpperCase()}`] : []),
    ...(scope.provenienza ? [sql`o.provenienza = ${scope.provenienza}`] : []),
  ];
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
const isFiltered = (scope: Omit<OrderScope, 'start' | 'end'>): boolean =>
  scope.offerId !== undefined || Boolean(scope.promo) || Boolean(scope.provenienza);

const STEP_ORDER = Object.values(FUNNEL_STEP_NAMES);

/** The rank of a step row (1 to 5), so that an order's furthest step is the rows' `max`. */
const stepRank = sql<number>`case s.step_name ${sql.join(STEP_ORDER.map((name, i) => sql`when ${name} then ${sql.lit(i + 1)}`), sql` `)} else 0 end`;

/** Reached `active`: active now, or withdrawn after the activation (its timeline says so). */
const activated = sql<number>`case when o.workflow_status = 'active' then 1
  when o.workflow_status = 'withdrawn' and exists (select 1 from order_timeline t where t.order_id = o.id and t.to_status = 'active') then 1
  else 0 end`;

export interface GroupRow { day: string; offer_id: number; promo: string | null; provenienza: string | null; counts: DashboardCounts }

const num = (v: unknown): number => Number(v ?? 0);

/** The orders created in the period, counted by day, offer, promo and origin (one row per combination). */
export async function countOrders(db: Conn, scope: OrderScope): Promise<GroupRow[]> {
  // The furthest step of each unsigned order of the period, grouped once (a join, not a lookup per order:
  // PostgreSQL ran the correlated form as one sub-plan per order); a signed order passed them all.
  const furthest = db.selectFrom('order_steps as s').innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.order_id', sql<number>`max(${stepRank})`.as('reached')])
    .where('o.created_at', '>=', scope.start).where('o.created_at', '<', scope.end).where('o.signed_at', 'is', null)
    .groupBy('s.order_id');
  const perOrder = db.selectFrom('orders as o').leftJoin(furthest.as('st'), 'st.order_id', 'o.id')
      .select([
        sql<string>`substr(o.created_at, 1, 10)`.as('day'), 'o.offer_id', 'o.promo', 'o.provenienza', 'o.workflow_status',
        sql<number>`case when o.signed_at is not null then 5 else coalesce(st.reached, 0) end`.as('reached'), sql<number>`case when o.signed_at is not null then 1 else 0 end`.as('signed'), activated.as('activated'),
      ])
      .where('o.created_at', '>=', scope.start).where('o.created_at', '<', scope.end)
      .$if(isFiltered(scope), (q) => q.where(scopeOf(scope)));
  const atLeast = (n: number) => sql`sum(case when x.reached >= ${sql.lit(n)} then 1 else 0 end)`;
  const { rows } = await sql<Record<string, unknown>>`select x.day, x.offer_id, x.promo, x.provenienza, count(*) as created,
      ${atLeast(1)} as contact, ${atLeast(2)} as personal, ${atLeast(3)} as address, ${atLeast(4)} as payment, ${atLeast(5)} as document,
      sum(x.signed) as signed, sum(x.activated) as activated,
      sum(case when x.workflow_status = 'withdrawn' then 1 else 0 end) as withdrawn,
      sum(case when x.workflow_status = 'cancelled' then 1 else 0 end) as cancelled
    from (${perOrder}) x group by x.day, x.offer_id, x.promo, x.provenienza`.execute(db);
  return rows.map((r) => ({
    day: String(r.day), offer_id: num(r.offer_id), promo: (r.promo as string | null) ?? null, provenienza: (r.provenienza as string | null) ?? null,
    counts: {
      created: num(r.created), contact: num(r.contact), personal: num(r.personal), address: num(r.address), payment: num(r.payment),
      document: num(r.document), signed: num(r.signed), activated: num(r.activated), withdrawn: num(r.withdrawn), cancelled: num(r.cancelled),
    },
  }));
}

/** Orders waiting for an identity document's review now, each with its oldest undecided upload. */
export async function waitingReviews(db: Conn, scope: Omit<OrderScope, 'start' | 'end'>): Promise<string[]> {
  const rows = await db.selectFrom('medias as m').innerJoin('orders as o', 'o.id', 'm.order_id')
    .select((eb) => eb.fn.min('m.created_at').as('uploaded_at'))
    .where('m.kind', '=', 'identity_document').where('o.workflow_status', 'in', DOCUMENT_REVIEW_STATUSES)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('document_reviews as r').select(sql.lit(1).as('one')).whereRef('r.media_id', '=', 'm.id'))))
    .$if(isFiltered(scope), (q) => q.where(scopeOf(scope)))
    .groupBy('m.order_id').execute();
  return rows.map((r) => String(r.uploaded_at));
}

/** The tables of one-time codes, and the column a confirmed code fills. */
const CODE_TABLES = [
  ['signature', 'signature_otps', 'used_at'],
  ['withdrawal', 'withdrawals', 'confirmed_at'],
  ['consent_change', 'consent_changes', 'confirmed_at'],
  ['tracking_unlock', 'tracking_unlocks', 'confirmed_at'],
  ['premade_unlock', 'premade_unlocks', 'confirmed_at'],
  ['mobile_number_change', 'mobile_number_changes', 'confirmed_at'],
] as const satisfies ReadonlyArray<readonly [CodePurposeKey, keyof Database, string]>;

export interface CodeRow { purpose: CodePurposeKey; sent: number; confirmed: number; locked: number; wrong_attempts: number }

/** The codes sent in the period (each kept as a row with its wrong attempts), of the filtered orders. */
export async function countCodes(db: Conn, scope: OrderScope, maxAttempts: number): Promise<CodeRow[]> {
  const out: CodeRow[] = [];
  for (const [purpose, table, confirmedColumn] of CODE_TABLES) {
    const orderFilter = isFiltered(scope) ? sql`and exists (select 1 from orders o where o.id = c.order_id and ${scopeOf(scope)})` : sql``;
    const { rows } = await sql<Record<string, unknown>>`select count(*) as sent,
        sum(case when c.${sql.ref(confirmedColumn)} is not null then 1 else 0 end) as confirmed,
        sum(case when c.attempts >= ${maxAttempts} then 1 else 0 end) as locked,
        sum(c.attempts) as wrong_attempts
      from ${sql.table(table)} c where c.created_at >= ${scope.start} and c.created_at < ${scope.end} ${orderFilter}`.execute(db);
    const r = rows[0] ?? {};
    out.push({ purpose, sent: num(r.sent), confirmed: num(r.confirmed), locked: num(r.locked), wrong_attempts: num(r.wrong_attempts) });
  }
  return out;
}

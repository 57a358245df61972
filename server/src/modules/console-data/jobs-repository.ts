import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database, Db } from '../../db';

export type JobRow = Selectable<Database['reference_jobs']>;
export type NewJobRow = Insertable<Database['reference_jobs']>;
export type JobPatch = Updateable<Database['reference_jobs']>;

const ACTIVE = ['queued', 'running'] as const;

export async function insertJob(db: Db, row: NewJobRow): Promise<void> {
  await db.insertInto('reference_jobs').values(row).execute();
}

export async function updateJob(db: Db, id: string, patch: JobPatch): Promise<void> {
  await db.updateTable('reference_jobs').set(patch).where('id', '=', id).execute();
}

/** Ends an active job as failed; false when it was no longer active (it ended meanwhile). */
export async function failActiveJob(db: Db, id: string, message: string, at: string): Promise<boolean> {
  const r = await db.updateTable('reference_jobs')
    .set({ status: 'failed', message, finished_at: at, updated_at: at })
    .where('id', '=', id).where('status', 'in', ACTIVE).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export const findJob = (db: Db, id: string): Promise<JobRow | undefined> =>
  db.selectFrom('reference_jobs').selectAll().where('id', '=', id).executeTakeFirst();

export const latestJobs = (db: Db, limit: number): Promise<JobRow[]> =>
  db.selectFrom('reference_jobs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();

/** Active jobs whose row has not moved since `before`: the process running them is gone. */
export const staleActiveJobs = (db: Db, before: string): Promise<Pick<JobRow, 'id' | 'storage_key'>[]> =>
  db.selectFrom('reference_jobs').select(['id', 'storage_key'])
    .where('status', 'in', ACTIVE).where('updated_at', '<', before).execute();

export const countActiveJobs = async (db: Db): Promise<number> => {
  const row = await db.selectFrom('reference_jobs').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ACTIVE).executeTakeFirstOrThrow();
  return Number(row.n);
};

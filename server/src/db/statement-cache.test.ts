import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  let sqlite: SqliteDatabase.Database;
  const open = (size?: number) => {
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)');
    return withStatementCache(sqlite, size);
  };
  afterEach(() => { if (sqlite.open) sqlite.close(); });

  it('prepares one SQL text once and reuses the statement, with fresh parameters each time', () => {
    const db = open();
    const a = db.prepare('select n from t where n > ?');
    const b = db.prepare('select n from t where n > ?');
    expect(b).toBe(a);
    expect(a.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(b.all([2])).toEqual([{ n: 3 }]);
  });

  it('prepares a new statement while the cached one is still being iterated', () => {
    const db = open();
    const first = db.prepare('select n from t');
    const rows = first.iterate([]);
    rows.next();
    const second = db.prepare('select n from t');
    expect(second).not.toBe(first);
    expect(second.all([])).toHaveLength(3);
    rows.return?.();
    expect(db.prepare('select n from t')).toBe(first);
  });

  it('keeps at most `size` statements, the least recently used going first', () => {
    const db = open(2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one);
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
  });

  it('does not keep very long (bulk) statements', () => {
    const db = open();
    const sql = `select ${Array.from({ length: 1500 }, (_, i) => String(i)).join(', ')}`;
    expect(db.prepare(sql)).not.toBe(db.prepare(sql));
  });

  it('writes and closes through the same connection', () => {
    const db = open();
    db.prepare('insert into t values (?)').run([4]);
    expect(db.prepare('select count(*) as c from t').all([])).toEqual([{ c: 4 }]);
    db.close();
    expect(sqlite.open).toBe(false);
  });
});

// Baseline for seeding (issue 30): the rows a seeded database holds, written back with a bare
// INSERT loop — one transaction, one prepared statement per table, the same schema, indexes and
// foreign keys — into a fresh in-memory database. Prints {"ms": …, "rows": …}: the time of the
// loop alone (reading the rows and making the schema are not timed). With --late-indexes the
// indexes are made after the rows, in the same transaction, as the seed does (Db#dropIndexes):
// the least any seed of these rows can take here, timed with its index builds.
// Usage: node bench/baselines/insert-rows.mjs <seeded.db> [--late-indexes]
import { DatabaseSync } from 'node:sqlite';

const source = new DatabaseSync(process.argv[2], { readOnly: true });
const schema = source
  .prepare(
    `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
     ORDER BY type = 'index', rowid`,
  )
  .all();
const tables = schema
  .filter((s) => s.type === 'table')
  .map((t) => {
    const stmt = source.prepare(`SELECT * FROM "${t.name}"`);
    stmt.setReturnArrays(true);
    const columns = stmt.columns().map((c) => `"${c.name}"`);
    return { name: t.name, columns, rows: stmt.all() };
  });
source.close();

const late = process.argv.includes('--late-indexes');
const db = new DatabaseSync(':memory:');
for (const s of schema) if (!late || s.type !== 'index') db.exec(s.sql);
const started = process.hrtime.bigint();
db.exec('BEGIN');
// The service inserts parents first; the copy's table order is not that, so the foreign keys
// are checked at COMMIT (each row still counted).
db.exec('PRAGMA defer_foreign_keys = ON');
let count = 0;
for (const t of tables) {
  if (!t.rows.length) continue;
  const insert = db.prepare(
    `INSERT INTO "${t.name}" (${t.columns.join(', ')}) VALUES (${t.columns.map(() => '?').join(', ')})`,
  );
  for (const row of t.rows) insert.run(...row);
  count += t.rows.length;
}
if (late) for (const s of schema) if (s.type === 'index') db.exec(s.sql);
db.exec('COMMIT');
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(`${JSON.stringify({ ms, rows: count })}\n`);

// Moving an existing PGlite data folder into the embedded PostgreSQL (npm run db:move-embedded):
// every row, the generated columns recomputed, the sequences where they were, the old folder kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { openEmbeddedDatabase } from './embedded.js';
import { migrateDatabase } from './migrate.js';
import { moveToEmbeddedPostgres } from './move-embedded.js';
import { seedDatabase } from './seed/index.js';
import { sqlRows } from './sql-rows.js';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function dataDir() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'move-embedded-'));
  fs.chmodSync(root, 0o755); // as root, PostgreSQL runs as the postgres user
  roots.push(root);
  return root;
}

const counts = `select (select count(*)::int from users) users, (select count(*)::int from interviewers) interviewers,
  (select count(*)::int from interviews) interviews, (select max(id)::int from users) max_user`;

it('moves every row and sequence of a PGlite folder into the embedded PostgreSQL, keeping the old folder', async () => {
  const dir = dataDir();
  const before = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  await migrateDatabase(before);
  await seedDatabase(before);
  await before.exec(`
    insert into users (name, email, password_hash, credits) values ('Ada', 'ada@example.com', 'h', 7), ('Bo', 'bo@example.com', 'h', 0);
    delete from users where email = 'bo@example.com';`);
  const [ada] = sqlRows<{ id: number }>(
    await before.db.execute("select id from users where email = 'ada@example.com'"),
  );
  const [persona] = sqlRows<{ id: number }>(
    await before.db.execute('select id from interviewers order by id limit 1'),
  );
  await before.exec(`insert into interviews (user_id, interviewer_id, start_time, end_time, transcript, evaluation)
    values (${ada.id}, ${persona.id}, now() - interval '1 hour', now(), 'Agent: hi | Me: hello', '{"overallScore": 8}')`);
  const [expected] = sqlRows(await before.db.execute(counts));
  await before.close();

  const lines: string[] = [];
  const report = await moveToEmbeddedPostgres(dir, (l) => lines.push(l));
  expect(report.tables.find((t) => t.name === 'users')?.rows).toBe((expected as { users: number }).users);
  expect(lines.some((l) => l.includes('interviews'))).toBe(true);
  expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
  expect(fs.existsSync(path.join(report.keptAt, 'PG_VERSION'))).toBe(true);
  expect(fs.existsSync(path.join(dir, 'postgres.moving'))).toBe(false);

  const after = await openEmbeddedDatabase({ dataDir: dir, preference: 'pglite' });
  try {
    expect(after.engine).toBe('postgres'); // the folder now holds a PostgreSQL database
    expect(sqlRows(await after.db.execute(counts))).toEqual([expected]);
    const [call] = sqlRows<{ transcript: string; credits: number }>(
      await after.db.execute(
        'select i.transcript, u.credits from interviews i join users u on u.id = i.user_id',
      ),
    );
    expect(call).toEqual({ transcript: 'Agent: hi | Me: hello', credits: 7 });
    // the sequence carries on past the deleted row, as it would have on PGlite
    const [next] = sqlRows<{ id: number }>(
      await after.db.execute(
        "insert into users (name, email, password_hash) values ('Cy', 'cy@example.com', 'h') returning id",
      ),
    );
    expect(next.id).toBe(ada.id + 2);
  } finally {
    await after.close();
  }
}, 120_000);

it('refuses when the folder already holds an embedded PostgreSQL, changing nothing', async () => {
  const dir = dataDir();
  const pglite = await openEmbeddedDatabase({ dataDir: dir, preference: 'pglite' });
  await pglite.close();
  fs.mkdirSync(path.join(dir, 'postgres'));
  fs.writeFileSync(path.join(dir, 'postgres', 'PG_VERSION'), '17\n');
  await expect(moveToEmbeddedPostgres(dir)).rejects.toThrow(/already holds a database/);
  expect(fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
}, 60_000);

// Moving an existing PGlite data folder into the embedded PostgreSQL (npm run db:move-embedded):
// every row, the generated columns recomputed, the sequences where they were, the old folder kept;
// and what a failed move says of the state it left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { openEmbeddedDatabase } from './embedded.js';
import { migrateDatabase } from './migrate.js';
import { MoveFailedError, moveToEmbeddedPostgres } from './move-embedded.js';
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
  const report = await moveToEmbeddedPostgres(dir, { log: (l) => lines.push(l) });
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

it('a failed move says what state it left: nothing moved before the new folder is in place; after it, the data there and the PGlite folder still at its path', async () => {
  const dir = dataDir();
  const pglite = path.join(dir, 'pglite');
  const postgres = path.join(dir, 'postgres');
  const before = await openDatabase({ pgliteDir: pglite });
  await migrateDatabase(before);
  await before.exec("insert into users (name, email, password_hash) values ('Ada', 'ada@example.com', 'h')");
  await before.close();
  /** fs.renameSync, except that renaming `failing` away is refused */
  const renameRefusing = (failing: string) => (from: string, to: string) => {
    if (from === failing) throw new Error(`EACCES: permission denied, rename '${from}' -> '${to}'`);
    fs.renameSync(from, to);
  };
  const failure = (rename: (from: string, to: string) => void) =>
    moveToEmbeddedPostgres(dir, { rename }).then(
      () => expect.unreachable('the move should have failed'),
      (err: unknown) => {
        expect(err).toBeInstanceOf(MoveFailedError);
        return (err as Error).message;
      },
    );

  // the complete copy cannot be renamed into place: nothing moved, the copy removed
  expect(await failure(renameRefusing(`${postgres}.moving`))).toBe(
    `Nothing was moved: EACCES: permission denied, rename '${postgres}.moving' -> '${postgres}'. ` +
      `The server still opens the PGlite database in ${pglite}.`,
  );
  expect(fs.readdirSync(dir)).toEqual(['pglite']);

  // the copy is in place, but the PGlite folder cannot be renamed aside
  const message = await failure(renameRefusing(pglite));
  const keptAt = /could not be renamed to (\S+) /.exec(message)?.[1] as string;
  expect(keptAt).toMatch(new RegExp(`^${pglite}\\.moved-[\\dTZ-]+$`));
  expect(message).toBe(
    `The data was moved: ${postgres} holds it, every count checked, and the server opens it from now on. ` +
      `But the old PGlite folder could not be renamed to ${keptAt} (EACCES: permission denied, rename '${pglite}' -> '${keptAt}'), ` +
      `so it is still at ${pglite}, unused. Move it aside by hand (mv '${pglite}' '${keptAt}'), or delete it once you are satisfied.`,
  );
  expect(fs.readdirSync(dir).sort()).toEqual(['pglite', 'postgres']);

  // as the message says: the server opens the moved database, whatever the preference
  const after = await openEmbeddedDatabase({ dataDir: dir, preference: 'pglite' });
  try {
    expect(after.engine).toBe('postgres');
    expect(sqlRows(await after.db.execute('select email from users'))).toEqual([
      { email: 'ada@example.com' },
    ]);
  } finally {
    await after.close();
  }
}, 120_000);

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, writePgliteDirImage } from './client.js';
import { migrateDatabase } from './migrate.js';
import { sqlRows } from './sql-rows.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('embedded database folder', () => {
  it('is created (initdb in a thread of its own) on the first open and reopened with its data after', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-dir-'));
    dirs.push(root);
    const dir = path.join(root, 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    await first.exec('create table kept (n int); insert into kept values (42)');
    // the settings initdb wrote are the ones this server asks for
    const [settings] = sqlRows<{ shared_buffers: string }>(await first.db.execute('show shared_buffers'));
    expect(settings.shared_buffers).toBe('16MB');
    await first.close();

    const again = await openDatabase({ pgliteDir: dir });
    expect(sqlRows(await again.db.execute('select n from kept'))).toEqual([{ n: 42 }]);
    await again.close();
  });
});

describe('a new embedded database folder from the build image', () => {
  /** What scripts/build-server.mjs makes: a migrated folder, gzipped, beside its PGlite version. */
  async function makeImage(root: string): Promise<string> {
    const image = path.join(root, 'pglite-image.tar.gz');
    const database = await openDatabase({});
    await migrateDatabase(database);
    const tarball = await database.dumpImage?.();
    await database.close();
    if (!tarball) throw new Error('no image');
    writePgliteDirImage(image, gzipSync(new Uint8Array(await tarball.arrayBuffer())));
    return image;
  }
  const tables = async (database: Database) =>
    sqlRows<{ n: number }>(
      await database.db.execute(
        "select count(*)::int as n from information_schema.tables where table_name = 'interviews'",
      ),
    );

  let root = '';
  let image = '';
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-image-'));
    image = await makeImage(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('starts migrated without initdb and persists after close and reopen', async () => {
    const dir = path.join(root, 'from-image');
    const first = await openDatabase({ pgliteDir: dir, pgliteDirImage: image });
    expect(first.created).toEqual({ from: 'image' });
    expect(await tables(first)).toEqual([{ n: 1 }]);
    expect(fs.existsSync(`${dir}.unpacking`)).toBe(false);
    await first.exec('create table kept (n int); insert into kept values (42)');
    const [settings] = sqlRows<{ shared_buffers: string }>(await first.db.execute('show shared_buffers'));
    expect(settings.shared_buffers).toBe('16MB');
    // the migrator finds every migration applied and changes nothing
    await migrateDatabase(first);
    await first.close();
    const again = await openDatabase({ pgliteDir: dir, pgliteDirImage: image });
    expect(again.created).toBeUndefined();
    expect(sqlRows(await again.db.execute('select n from kept'))).toEqual([{ n: 42 }]);
    expect(await tables(again)).toEqual([{ n: 1 }]);
    await again.close();
  });

  it('starts over when a run killed while unpacking left a partial folder beside an empty one', async () => {
    // a run killed while unpacking left a partial folder beside an empty one: started over
    const killed = path.join(root, 'killed');
    fs.mkdirSync(killed);
    fs.mkdirSync(`${killed}.unpacking/base`, { recursive: true });
    fs.writeFileSync(`${killed}.unpacking/PG_VERSION`, '17\n');
    const restarted = await openDatabase({ pgliteDir: killed, pgliteDirImage: image });
    expect(restarted.created).toEqual({ from: 'image' });
    expect(await tables(restarted)).toEqual([{ n: 1 }]);
    await restarted.close();
  });

  it('falls back to initdb when the image is missing or made by another PGlite', async () => {
    const missing = await openDatabase({
      pgliteDir: path.join(root, 'no-image'),
      pgliteDirImage: path.join(root, 'absent.tar.gz'),
    });
    expect(missing.created?.from).toBe('initdb');
    expect(missing.created?.why).toMatch(/no image/);
    expect(await tables(missing)).toEqual([{ n: 0 }]);
    await missing.close();

    fs.writeFileSync(image.replace(/\.tar\.gz$/, '.json'), JSON.stringify({ pglite: '0.0.1' }));
    const mismatched = await openDatabase({
      pgliteDir: path.join(root, 'other-version'),
      pgliteDirImage: image,
    });
    expect(mismatched.created?.from).toBe('initdb');
    expect(mismatched.created?.why).toMatch(/PGlite 0\.0\.1/);
    await mismatched.close();
  });
});

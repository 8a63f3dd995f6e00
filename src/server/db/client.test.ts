import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
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

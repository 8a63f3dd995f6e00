// The import rules catch an uphill import (issue 24: "CI fails on an uphill import"), and src has
// none. The fixture is a small tree with one deliberate violation: db/ (a foundation) importing
// a function from modules/; a type-only import beside it must pass.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImports } from './check-imports.js';

const fixture = path.join(import.meta.dirname, 'fixtures/uphill');

describe('lint:imports', () => {
  it('reports an uphill import by its rule, and not a type-only one', async () => {
    const { violations } = await checkImports({ project: path.join(fixture, 'tsconfig.json'), known: null });
    expect(violations).toEqual([
      {
        rule: 'foundation-imports-downhill',
        from: 'src/server/db/store.ts',
        to: 'src/server/modules/calls/pricing.ts',
      },
    ]);
  });

  it('finds no violation in src beyond the listed known ones, and none of those stale', async () => {
    const { violations, stale, report } = await checkImports();
    expect(violations, report).toEqual([]);
    expect(stale, report).toEqual([]);
  }, 180_000);
});

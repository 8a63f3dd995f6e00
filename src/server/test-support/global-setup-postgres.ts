import { prepareTemplate } from './test-db.js';

export default async function setup() {
  // `vitest list` (scripts/test.mjs counting the tests it could not run) only collects: it needs
  // no template, and there may be no server to build one on
  if (process.env.TEST_COLLECT_ONLY) return;
  await prepareTemplate();
}

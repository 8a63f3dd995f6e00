import { prepareTemplate } from './test-db.js';

export default async function setup() {
  await prepareTemplate();
}

import { preparePgliteImage } from './test-db.js';

export default async function setup() {
  await preparePgliteImage();
}

// Picks the recording store from config: S3-compatible when S3_BUCKET is set, else local files.
import path from 'node:path';
import type { Config } from '../../config.js';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';

export type { BlobInfo, BlobStore, BlobWriter, ByteRange } from './blob-store.js';
export { BlobNotFoundError } from './blob-store.js';
export { isValidConversationId, recordingKey } from './recording-key.js';

export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.S3_BUCKET) {
    // Loaded only when used: the AWS SDK is large and warns about old Node versions on import.
    const { createS3BlobStore } = await import('./s3-blob-store.js');
    return createS3BlobStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      prefix: 'recordings/',
    });
  }
  return createLocalBlobStore(path.join(config.dataDir, 'recordings'));
}

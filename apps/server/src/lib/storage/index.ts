import type { AppConfig } from '../../config/env';
import { createLocalStorage } from './local';
import type { FileStorage } from './types';

export type { FileStorage } from './types';
export { createLocalStorage } from './local';

/**
 * The bucket when the S3 settings are given, else DATA_DIR on local disk. The AWS SDK is loaded
 * only for the bucket: a shop on local disk should not pay for it in start-up time and memory.
 */
export async function createStorage(config: AppConfig): Promise<FileStorage> {
  if (!config.s3) return createLocalStorage(config.dataDir);
  const { createS3Storage } = await import('./s3');
  return createS3Storage(config.s3);
}

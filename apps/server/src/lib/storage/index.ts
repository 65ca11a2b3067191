import type { AppConfig } from '../../config/env';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { FileStorage } from './types';

export type { FileStorage } from './types';
export { createLocalStorage } from './local';

/** The bucket when the S3 settings are given, else DATA_DIR on local disk. */
export async function createStorage(config: AppConfig): Promise<FileStorage> {
  if (!config.s3) return createLocalStorage(config.dataDir);
  return createS3Storage(config.s3);
}

import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import S3rver from '@20minutes/s3rver';

/**
 * A local S3-compatible server (s3rver, on loopback only) with one bucket, standing in for Tigris
 * in the recovery drill. Its listing with a delimiter is patched (patches/@20minutes+s3rver+…):
 * without it Litestream finds no generation.
 */
export async function startS3(directory: string, port: number, bucket: string): Promise<{ close: () => Promise<void>; endpoint: string }> {
  assertPatched();
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * A node_modules installed without the postinstall step (a copied tree) lacks the patch, and then the
 * restore finds an "empty replica": say so instead.
 */
function assertPatched(): void {
  const store = createRequire(import.meta.url).resolve('@20minutes/s3rver/lib/stores/filesystem.js');
  if (!readFileSync(store, 'utf8').includes('directories beneath a common prefix are walked too'))
    throw new Error(`${store} não tem o patch de patches/@20minutes+s3rver+5.0.0.patch: rode \`npx patch-package\`.`);
}

/** What the server under Litestream needs to replicate into that bucket. */
export function replicaEnv(endpoint: string, bucket: string, path: string): Record<string, string> {
  return {
    LITESTREAM_REPLICA_URL: `s3://${bucket}/${path}`,
    LITESTREAM_ENDPOINT: endpoint,
    LITESTREAM_REGION: 'us-east-1',
    LITESTREAM_FORCE_PATH_STYLE: 'true',
    LITESTREAM_SYNC_INTERVAL: '1s',
    LITESTREAM_ACCESS_KEY_ID: 'S3RVER',
    LITESTREAM_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/** The objects the bucket in `directory` holds (s3rver keeps each as `<key>._S3rver_object`): count and bytes uploaded. */
export function bucketUsage(directory: string): { objects: number; bytes: number } {
  const files = readdirSync(directory, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'),
  );
  return { objects: files.length, bytes: files.reduce((sum, entry) => sum + statSync(resolve(entry.parentPath, entry.name)).size, 0) };
}

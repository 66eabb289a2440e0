import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../server/config';

export interface S3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** A storage configuration for this server's bucket, as loadConfig builds it from S3_* and AWS_* variables. */
  storage: S3StorageConfig;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, an npm package: the S3 REST API over files in a temp directory) on a loopback
 * port, with one empty bucket. It refuses an unknown access key id (its one account is S3RVER / S3RVER) but, unlike
 * S3, does not verify SigV4 signatures themselves.
 */
export async function startS3Server(bucket = 'venuely-test'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'venuely-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: {
      kind: 's3',
      bucket,
      endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config';
import { assertStorageKey, type FileStorage } from './file-storage';

/** What an S3-compatible server answers for an object (or bucket) that is not there. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey';
}

/**
 * S3-compatible object storage (S3_BUCKET; DESIGN section 9): AWS S3, or any server that speaks its API (S3_ENDPOINT,
 * with S3_FORCE_PATH_STYLE=1 where the server wants `endpoint/bucket/key` rather than `bucket.endpoint/key`). A PUT
 * replaces an object whole, so no temp-object dance is needed for atomic writes. Credentials are AWS_ACCESS_KEY_ID
 * and AWS_SECRET_ACCESS_KEY when given, else the SDK's default chain (an instance or task role).
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const clientConfig: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // A storage that hangs must not hold a request (or the start) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  };
  // The SDK is loaded on first use: a process on DATA_DIR (the default) never loads it, and every start saves its
  // few hundred milliseconds of module loading.
  let connecting: Promise<{ sdk: typeof S3Sdk; client: S3Client }> | null = null;
  const connect = () => (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(clientConfig) })));
  const Bucket = config.bucket;

  return {
    backend: 's3',

    async put(key, data, options) {
      assertStorageKey(key);
      const s3 = await connect();
      await s3.client.send(new s3.sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length, ContentType: options.contentType }));
    },

    async get(key) {
      assertStorageKey(key);
      const s3 = await connect();
      try {
        const response = await s3.client.send(new s3.sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!response.Body) return null;
        return Buffer.from(await response.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async open(key) {
      assertStorageKey(key);
      const s3 = await connect();
      try {
        const response = await s3.client.send(new s3.sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!response.Body || !(response.Body instanceof Readable)) return null;
        return {
          body: response.Body,
          size: response.ContentLength ?? null,
          contentType: response.ContentType ?? 'application/octet-stream',
          etag: response.ETag ?? `"${key}"`,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      assertStorageKey(key);
      const s3 = await connect();
      try {
        await s3.client.send(new s3.sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      const s3 = await connect();
      // S3 answers 204 for a key that is not there: deleting twice is fine.
      await s3.client.send(new s3.sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    /** HeadBucket, with a message an operator can act on (HeadBucket answers carry no error text of their own). */
    async check() {
      try {
        const s3 = await connect();
        await s3.client.send(new s3.sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
        const status = e.$metadata?.httpStatusCode;
        const reason =
          status === 404
            ? 'the bucket does not exist'
            : status === 403 || status === 401
              ? 'access denied (check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the bucket policy)'
              : `${e.name ?? 'Error'}${status ? ` (HTTP ${status})` : ''}: ${e.message ?? String(error)}`;
        throw new Error(reason, { cause: error });
      }
    },

    describe: () => `the S3 bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ` in ${config.region}`}`,
    close: async () => {
      if (connecting) (await connecting).client.destroy();
    },
  };
}

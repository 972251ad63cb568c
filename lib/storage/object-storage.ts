// S3-compatible object storage. Every failure to reach the store surfaces as 503
// STORAGE_UNAVAILABLE, so a caller never sees a 500 because a bucket is down.
import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { env } from '@/lib/env';
import { unavailable } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';

let cached: { signature: string; client: S3Client } | undefined;

/** The configured bucket for new objects, or null when object storage is off. */
export function configuredBucket(): string | null {
  return env().S3_BUCKET ?? null;
}

function client(): S3Client {
  const c = env();
  const signature = JSON.stringify([c.S3_ENDPOINT, c.S3_REGION, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY, c.S3_FORCE_PATH_STYLE]);
  if (cached?.signature === signature) return cached.client;
  cached?.client.destroy();
  const s3 = new S3Client({
    region: c.S3_REGION,
    endpoint: c.S3_ENDPOINT,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
    ...(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } } : {}),
    // Fail fast: an unreachable store answers 503 within seconds instead of hanging the request.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    // Many S3-compatible servers reject the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  cached = { signature, client: s3 };
  return s3;
}

function storageDown(error: unknown, op: string, key: string): never {
  logger.error({ err: error, op, key }, 'object storage unavailable');
  throw unavailable('Attachment storage cannot be reached; try again shortly', 'STORAGE_UNAVAILABLE');
}

export async function putObject(bucket: string, key: string, data: Buffer, contentType: string): Promise<void> {
  try {
    await client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
  } catch (error) {
    storageDown(error, 'put', key);
  }
}

/** The object's bytes as a web stream (the body is not buffered). */
export async function getObjectStream(bucket: string, key: string): Promise<ReadableStream<Uint8Array>> {
  try {
    const out = await client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!out.Body) throw new Error('empty object body');
    return out.Body.transformToWebStream() as ReadableStream<Uint8Array>;
  } catch (error) {
    storageDown(error, 'get', key);
  }
}

/** Idempotent: deleting a missing key succeeds, as in S3. */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  try {
    await client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    storageDown(error, 'delete', key);
  }
}

/** Parts of a streamed upload (S3 needs at least 5 MiB for every part but the last). */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;

export interface ObjectWriter {
  /** Buffers bytes and sends each full part; at most one part is held in memory. */
  write(chunk: Uint8Array): Promise<void>;
  /** Sends the last part and completes the object. */
  finish(): Promise<void>;
  /** Drops the upload and its parts (never throws). */
  abort(): Promise<void>;
}

/** Writes an object as a stream of parts (a multipart upload), for bodies too large to buffer. */
export async function createObjectWriter(bucket: string, key: string, contentType: string): Promise<ObjectWriter> {
  let uploadId: string | undefined;
  try {
    uploadId = (await client().send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }))).UploadId;
    if (!uploadId) throw new Error('no upload id');
  } catch (error) {
    storageDown(error, 'create-multipart', key);
  }
  const parts: { ETag: string; PartNumber: number }[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const sendPart = async () => {
    const body = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const PartNumber = parts.length + 1;
    try {
      const out = await client().send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length }));
      parts.push({ ETag: out.ETag ?? '', PartNumber });
    } catch (error) {
      storageDown(error, 'upload-part', key);
    }
  };
  return {
    async write(chunk) {
      pending.push(Buffer.from(chunk));
      pendingBytes += chunk.length;
      if (pendingBytes >= MULTIPART_PART_BYTES) await sendPart();
    },
    async finish() {
      if (pendingBytes > 0 || parts.length === 0) await sendPart();
      try {
        await client().send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      } catch (error) {
        storageDown(error, 'complete-multipart', key);
      }
    },
    async abort() {
      await client()
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
        .catch((err) => logger.warn({ err, key }, 'could not abort a multipart upload'));
    },
  };
}

// Where the bytes of an uploaded agent artifact live: the attachment store, decided at upload —
// an S3 object (a multipart upload) when S3_BUCKET is configured, else 4 MiB chunks in
// agent_artifact_chunks. Both are written and read as streams, so a 120 MB single executable is
// never held in memory whole.
import { randomUUID } from 'node:crypto';
import { db, dbPool } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { configuredBucket, createObjectWriter, deleteObject, getObjectStream } from '@/lib/storage/object-storage';

export const ARTIFACT_CHUNK_BYTES = 4 * 1024 * 1024;

export interface ArtifactLocation {
  storageBucket: string | null;
  storageKey: string | null;
  blobId: string | null;
}

export interface ArtifactWriter {
  location: ArtifactLocation;
  write(chunk: Uint8Array): Promise<void>;
  finish(): Promise<void>;
  /** Removes whatever was written (never throws). */
  discard(): Promise<void>;
}

export const artifactObjectKey = (version: string, os: string, arch: string, id: string) => `agent-releases/${version}/${os}-${arch}-${id}`;

export async function openArtifactWriter(version: string, os: string, arch: string, contentType: string): Promise<ArtifactWriter> {
  const id = randomUUID();
  const bucket = configuredBucket();
  if (bucket) {
    const key = artifactObjectKey(version, os, arch, id);
    const writer = await createObjectWriter(bucket, key, contentType);
    let finished = false;
    return {
      location: { storageBucket: bucket, storageKey: key, blobId: null },
      write: (chunk) => writer.write(chunk),
      finish: async () => {
        await writer.finish();
        finished = true;
      },
      discard: async () => {
        if (!finished) return writer.abort();
        await deleteObject(bucket, key).catch((err) => logger.warn({ err, key }, 'could not remove the object of a discarded agent artifact'));
      },
    };
  }
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // Rows of exactly ARTIFACT_CHUNK_BYTES (the last one shorter), whatever sizes the body arrives in.
  const flush = async (all: boolean) => {
    while (pendingBytes >= ARTIFACT_CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending, pendingBytes);
      const data = joined.subarray(0, ARTIFACT_CHUNK_BYTES);
      const rest = joined.subarray(data.length);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
      // node-postgres sends a Buffer parameter as bytea directly (Prisma would re-encode 4 MiB).
      await dbPool().query('insert into agent_artifact_chunks (blob_id, seq, data) values ($1, $2, $3)', [id, seq++, data]);
    }
  };
  return {
    location: { storageBucket: null, storageKey: null, blobId: id },
    async write(chunk) {
      pending.push(Buffer.from(chunk));
      pendingBytes += chunk.length;
      if (pendingBytes >= ARTIFACT_CHUNK_BYTES) await flush(false);
    },
    finish: () => flush(true),
    discard: () => removeArtifactBytes({ storageBucket: null, storageKey: null, blobId: id }),
  };
}

/** Deletes stored bytes (never throws: a leftover is logged, not a failed request). */
export async function removeArtifactBytes(location: ArtifactLocation): Promise<void> {
  if (location.blobId) {
    await db.agentArtifactChunk.deleteMany({ where: { blobId: location.blobId } }).catch((err) => logger.warn({ err, blobId: location.blobId }, 'could not remove agent artifact chunks'));
  }
  if (location.storageBucket && location.storageKey) {
    await deleteObject(location.storageBucket, location.storageKey).catch((err) => logger.warn({ err, key: location.storageKey }, 'could not remove an agent artifact object'));
  }
}

/** The stored bytes as a stream: one chunk row read per pull, or the S3 object's body. */
export async function readArtifactBytes(location: ArtifactLocation): Promise<ReadableStream<Uint8Array> | null> {
  if (location.storageBucket && location.storageKey) return getObjectStream(location.storageBucket, location.storageKey);
  const blobId = location.blobId;
  if (!blobId) return null;
  let seq = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { rows } = await dbPool().query<{ data: Buffer }>('select data from agent_artifact_chunks where blob_id = $1 and seq = $2', [blobId, seq]);
      if (!rows.length) {
        controller.close();
        return;
      }
      seq++;
      controller.enqueue(new Uint8Array(rows[0].data));
    },
  });
}

/**
 * Chunks no artifact refers to, written more than `olderThanHours` ago: the remains of an upload
 * whose process died mid-stream (a refused or failed upload removes its own). Returns the count.
 */
export async function purgeOrphanArtifactChunks(olderThanHours = 24): Promise<number> {
  const { rowCount } = await dbPool().query(
    `delete from agent_artifact_chunks c
      where c.created_at < now() - make_interval(hours => $1::int)
        and not exists (select 1 from agent_artifacts a where a.blob_id = c.blob_id)`,
    [olderThanHours],
  );
  return rowCount ?? 0;
}

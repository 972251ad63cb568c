// Where an attachment's bytes live is decided once, at upload: in the bucket (put before the row
// is written) when S3_BUCKET is configured, else inline in PostgreSQL with the row. Shared by the
// console upload route and the portal's ticket and comment submissions.
import { randomUUID } from 'node:crypto';
import { logger } from '@/lib/observability/logger';
import { configuredBucket, deleteObject, putObject } from '@/lib/storage/object-storage';
import { attachmentObjectKey } from '@/lib/tickets/attachments/limits';
import type { UploadedFile } from '@/lib/tickets/attachments/read-multipart-form';

export interface PlacedAttachment {
  id: string;
  file: UploadedFile;
  bucket: string | null;
  key: string;
}

/** Puts the bytes in the bucket when one is configured; a failure removes what was already put. */
export async function placeAttachmentBytes(files: UploadedFile[]): Promise<PlacedAttachment[]> {
  const bucket = configuredBucket();
  const placed: PlacedAttachment[] = [];
  try {
    for (const file of files) {
      const id = randomUUID();
      const key = attachmentObjectKey(id);
      if (bucket) await putObject(bucket, key, file.data, file.contentType);
      placed.push({ id, file, bucket, key });
    }
  } catch (error) {
    await discardPlacedBytes(placed);
    throw error;
  }
  return placed;
}

/** The rows were never written: do not leave their bytes behind in the bucket. */
export async function discardPlacedBytes(placed: PlacedAttachment[]): Promise<void> {
  for (const p of placed) {
    if (p.bucket) await deleteObject(p.bucket, p.key).catch((err) => logger.warn({ err, key: p.key }, 'could not remove object of a failed upload'));
  }
}

/** Row data of a placed attachment (pending: no comment yet). */
export function attachmentRowData(p: PlacedAttachment, ticket: { id: string; partnerId: string; orgId: string }, uploadedById: string) {
  return {
    id: p.id,
    partnerId: ticket.partnerId,
    orgId: ticket.orgId,
    ticketId: ticket.id,
    uploadedById,
    fileName: p.file.fileName,
    contentType: p.file.contentType,
    sizeBytes: p.file.data.length,
    sha256: p.file.sha256,
    storage: p.bucket ? ('s3' as const) : ('database' as const),
    storageBucket: p.bucket,
    storageKey: p.bucket ? p.key : null,
    ...(p.bucket ? {} : { blob: { create: { data: new Uint8Array(p.file.data) } } }),
  };
}

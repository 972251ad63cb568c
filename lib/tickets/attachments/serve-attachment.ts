// Bytes of an attachment whose access was already checked, from wherever its row says they live.
// Shared by the console content route and (later) the portal's.
import { db } from '@/lib/db';
import { unavailable } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { getObjectStream } from '@/lib/storage/object-storage';
import { ATTACHMENT_CACHE_CONTROL } from '@/lib/tickets/attachments/limits';
import { EXTENSION_FOR_TYPE, type AttachmentType } from '@/lib/tickets/attachments/sniff-attachment-type';

export interface ServableAttachment {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  storage: 'database' | 's3';
  storageBucket: string | null;
  storageKey: string | null;
}

export const etagOf = (a: { sha256: string }) => `"${a.sha256}"`;

/** RFC 9110 weak comparison of If-None-Match against our (strong) tag; `*` matches anything. */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** The file name with the extension of its real type (a PNG named .pdf downloads as .pdf.png). */
function downloadName(a: ServableAttachment): string {
  const ext = EXTENSION_FOR_TYPE[a.contentType as AttachmentType] ?? '';
  const name = a.fileName.toLowerCase().endsWith(ext) || (ext === '.jpg' && /\.jpe?g$/i.test(a.fileName)) ? a.fileName : `${a.fileName}${ext}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function serveAttachment(a: ServableAttachment, ifNoneMatch: string | null): Promise<Response> {
  const etag = etagOf(a);
  const headers: Record<string, string> = {
    etag,
    'cache-control': ATTACHMENT_CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
  };
  if (ifNoneMatchHits(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  let body: BodyInit;
  if (a.storage === 's3') {
    if (!a.storageBucket || !a.storageKey) throw unavailable('Attachment storage location is missing', 'STORAGE_UNAVAILABLE');
    body = await getObjectStream(a.storageBucket, a.storageKey);
  } else {
    const blob = await db.ticketAttachmentBlob.findUnique({ where: { attachmentId: a.id } });
    if (!blob) {
      logger.error({ attachmentId: a.id }, 'inline attachment has no bytes');
      throw unavailable('Attachment bytes are not available', 'STORAGE_UNAVAILABLE');
    }
    body = Buffer.from(blob.data);
  }
  const image = a.contentType.startsWith('image/');
  return new Response(body, {
    status: 200,
    headers: {
      ...headers,
      'content-type': a.contentType,
      'content-length': String(a.sizeBytes),
      // Images display in place; PDFs download. The sandbox keeps any active content inert.
      'content-disposition': `${image ? 'inline' : 'attachment'}; ${downloadName(a)}`,
      'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
}

// Terminal transcripts: the output a session showed (what was typed comes back as the terminal's
// echo; a password typed at a prompt is not echoed, so it is not kept), capped at
// REMOTE_TRANSCRIPT_MAX_BYTES. Stored where attachments are: the object store when S3_BUCKET is
// configured, else PostgreSQL.
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { configuredBucket, getObjectStream, putObject } from '@/lib/storage/object-storage';
import type { ScopedContext } from '@/lib/auth/context';
import { getSessionOrThrow } from '@/lib/remote/sessions';

/** Collects output up to the cap. */
export class TranscriptBuffer {
  private readonly chunks: Buffer[] = [];
  bytes = 0;
  truncated = false;
  constructor(private readonly max: number) {}

  append(chunk: Buffer): void {
    if (this.bytes >= this.max) {
      if (chunk.length) this.truncated = true;
      return;
    }
    const room = this.max - this.bytes;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (part.length < chunk.length) this.truncated = true;
    this.chunks.push(Buffer.from(part));
    this.bytes += part.length;
  }

  data(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export const transcriptKey = (sessionId: string) => `remote-transcripts/${sessionId}.txt`;

export async function storeTranscript(sessionId: string, transcript: TranscriptBuffer): Promise<void> {
  const data = transcript.data();
  const bucket = configuredBucket();
  if (bucket) {
    await putObject(bucket, transcriptKey(sessionId), data, 'text/plain; charset=utf-8');
    await db.remoteSession.update({
      where: { id: sessionId },
      data: { transcriptStorage: 's3', transcriptBucket: bucket, transcriptKey: transcriptKey(sessionId), transcriptBytes: data.length, transcriptTruncated: transcript.truncated },
    });
    return;
  }
  await db.$transaction([
    db.remoteSessionTranscript.upsert({ where: { sessionId }, create: { sessionId, data: new Uint8Array(data) }, update: { data: new Uint8Array(data) } }),
    db.remoteSession.update({ where: { id: sessionId }, data: { transcriptStorage: 'database', transcriptBytes: data.length, transcriptTruncated: transcript.truncated } }),
  ]);
}

/** The transcript as a download (raw terminal output, escape sequences included). */
export async function transcriptResponse(ctx: ScopedContext, id: string): Promise<Response> {
  const session = await getSessionOrThrow(ctx, id);
  if (!session.transcriptStorage) throw notFound('Transcript');
  const headers = {
    'content-type': 'text/plain; charset=utf-8',
    'content-disposition': `attachment; filename="terminal-${session.id}.txt"`,
    'x-transcript-truncated': String(session.transcriptTruncated),
    'cache-control': 'private, no-store',
  };
  if (session.transcriptStorage === 's3' && session.transcriptBucket && session.transcriptKey) {
    return new Response(await getObjectStream(session.transcriptBucket, session.transcriptKey), { headers });
  }
  const row = await db.remoteSessionTranscript.findUnique({ where: { sessionId: session.id } });
  if (!row) throw notFound('Transcript');
  return new Response(new Uint8Array(row.data), { headers: { ...headers, 'content-length': String(row.data.length) } });
}

// A feed document as the loader reads it: its SHA-256 and its bytes as a stream. An upload or a
// fetched document is spooled to a temporary file first (digest and size cap on the way), so
// neither the web process nor the worker ever holds a whole document in memory, and a slow
// sender never holds a database transaction open.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FeedSource {
  /** SHA-256 (hex) of the document's bytes. */
  digest: string;
  bytes: number;
  /** The document's bytes, from the start (each call reads it again). */
  chunks(): AsyncIterable<Uint8Array | string>;
  /** The file holding the document, when spooled (a zip archive is read from it by offset). */
  file?: string;
}

export interface SpooledFeed extends FeedSource {
  /** Deletes the temporary file. */
  dispose(): Promise<void>;
}

/** A document already in memory (tests, the in-process bench). */
export function textSource(text: string): FeedSource {
  return {
    digest: createHash('sha256').update(text).digest('hex'),
    bytes: Buffer.byteLength(text),
    async *chunks() {
      yield text;
    },
  };
}

/**
 * Writes `body` to a temporary file, hashing it on the way. More than `maxBytes` bytes throws
 * `tooLarge()` (and deletes the file) as soon as the limit is passed.
 */
export async function spoolFeed(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, maxBytes: number, tooLarge: () => Error): Promise<SpooledFeed> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rmm-feed-'));
  const file = path.join(dir, 'document');
  const dispose = () => rm(dir, { recursive: true, force: true });
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    const out = await open(file, 'w');
    try {
      for await (const chunk of body) {
        bytes += chunk.length;
        if (bytes > maxBytes) throw tooLarge();
        hash.update(chunk);
        await out.write(chunk);
      }
    } finally {
      await out.close();
    }
  } catch (e) {
    await dispose();
    throw e;
  }
  return { digest: hash.digest('hex'), bytes, file, chunks: () => createReadStream(file, { highWaterMark: 256 * 1024 }), dispose };
}

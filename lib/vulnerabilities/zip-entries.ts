// The files of a zip archive on disk, one at a time (osv.dev publishes each ecosystem as
// `all.zip`, one JSON record per file). The central directory at the end of the archive lists
// the entries; each is read and inflated on its own, so memory holds one record, never the
// archive. Stored and deflated entries are read; zip64 archives (over 4 GiB) are not needed here.
import { open, type FileHandle } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

export class ZipError extends Error {}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead !== length) throw new ZipError('Truncated zip archive');
  return buf;
}

/** Whether the file starts as a zip archive does (a local file header). */
export async function isZipFile(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await fh.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === LOCAL;
  } finally {
    await fh.close();
  }
}

/** Each file entry (directories left out) with its bytes; an entry over `maxEntryBytes` inflated throws. */
export async function* zipEntries(path: string, maxEntryBytes: number): AsyncGenerator<{ name: string; data: Buffer }> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535.
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await readAt(fh, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END) {
        at = i;
        break;
      }
    }
    if (at < 0) throw new ZipError('Not a zip archive: no central directory');
    const count = tail.readUInt16LE(at + 10);
    const dirSize = tail.readUInt32LE(at + 12);
    const dirOffset = tail.readUInt32LE(at + 16);
    if (dirOffset + dirSize > size) throw new ZipError('Truncated zip archive');
    const dir = await readAt(fh, dirOffset, dirSize);
    let p = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new ZipError('Malformed zip central directory');
      const method = dir.readUInt16LE(p + 10);
      const compressed = dir.readUInt32LE(p + 20);
      const uncompressed = dir.readUInt32LE(p + 24);
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      const localOffset = dir.readUInt32LE(p + 42);
      const name = dir.subarray(p + 46, p + 46 + nameLength).toString('utf8');
      p += 46 + nameLength + extraLength + commentLength;
      if (name.endsWith('/')) continue;
      if (uncompressed > maxEntryBytes) throw new ZipError(`Zip entry ${name} is larger than ${maxEntryBytes} bytes`);
      const local = await readAt(fh, localOffset, 30);
      if (local.readUInt32LE(0) !== LOCAL) throw new ZipError(`Malformed zip entry ${name}`);
      const start = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      const raw = await readAt(fh, start, compressed);
      let data: Buffer;
      if (method === 0) data = raw;
      else if (method === 8) {
        try {
          data = inflateRawSync(raw, { maxOutputLength: maxEntryBytes });
        } catch (e) {
          throw new ZipError(`Zip entry ${name} does not inflate: ${(e as Error).message}`);
        }
      } else throw new ZipError(`Zip entry ${name} uses compression method ${method}`);
      yield { name, data };
    }
  } finally {
    await fh.close();
  }
}

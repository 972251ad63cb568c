// multipart/form-data bodies for upload tests, byte-exact, built by hand so tests control every part.
import { randomBytes } from 'node:crypto';

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Uint8Array | string;
}

export function multipart(parts: Part[]): { body: Uint8Array; contentType: string } {
  const boundary = `----vitest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One file in field `file`, as the upload route expects. */
export function fileUpload(data: Uint8Array | string, filename = 'file.bin', contentType = 'application/octet-stream') {
  return multipart([{ name: 'file', filename, contentType, data }]);
}

/** A tiny but valid 1×1 PNG, JPEG, WebP and PDF. */
export const SAMPLES = {
  png: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf00000301010018dd8db00000000049454e44ae426082', 'hex'),
  jpeg: Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffda0008010100003f00d2cf20ffd9', 'hex'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.from('0d0000002f0000000007d0ff0fe8a0fe07', 'hex')]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
};

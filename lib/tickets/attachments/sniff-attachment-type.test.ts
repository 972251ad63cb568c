import { describe, expect, it } from 'vitest';
import { sniffAttachmentType } from './sniff-attachment-type';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('sniffAttachmentType', () => {
  it('recognises the four accepted signatures', () => {
    expect(sniffAttachmentType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('image/png');
    expect(sniffAttachmentType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg');
    expect(sniffAttachmentType(bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'))).toBe('image/jpeg');
    expect(sniffAttachmentType(bytes('%PDF-1.7\n%\xe2\xe3'))).toBe('application/pdf');
    expect(sniffAttachmentType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('rejects everything else, including near misses', () => {
    expect(sniffAttachmentType(new Uint8Array())).toBeNull();
    expect(sniffAttachmentType(bytes('<!DOCTYPE html><script>alert(1)</script>'))).toBeNull();
    expect(sniffAttachmentType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffAttachmentType(bytes('GIF89a'))).toBeNull();
    expect(sniffAttachmentType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull(); // RIFF but audio
    expect(sniffAttachmentType(bytes('RIFF', [0x24, 0, 0]))).toBeNull(); // truncated WebP header
    expect(sniffAttachmentType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull(); // truncated PNG signature
    expect(sniffAttachmentType(bytes(' %PDF-1.4'))).toBeNull(); // signature must be at offset 0
    expect(sniffAttachmentType(bytes('%PDF'))).toBeNull();
    expect(sniffAttachmentType(bytes('PK', [3, 4]))).toBeNull(); // zip / office documents
  });
});

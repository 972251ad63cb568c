// Agent-supplied text goes into PostgreSQL text and jsonb, which hold neither U+0000 nor
// unpaired surrogates: agents are tolerated, so such characters are cleaned, not refused.
import { toStorableValue } from '@/lib/http/storable-text';

export const stripNul = toStorableValue;

/** Cuts a string to at most maxBytes of UTF-8 without splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return { text, truncated: false };
  let end = maxBytes;
  // Back up over continuation bytes (10xxxxxx) so the cut lands on a character boundary.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return { text: bytes.subarray(0, end).toString('utf8'), truncated: true };
}

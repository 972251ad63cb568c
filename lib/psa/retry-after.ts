// Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Pure, unit-tested.

/** Milliseconds to wait, or null when the header is absent or unreadable. */
export function parseRetryAfter(value: string | undefined | null, now = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date always names its weekday and month; anything else (e.g. "-3") is unreadable.
  if (!/[a-z]{3}/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

// The form of a webhook URL that reads show: no basic-auth userinfo, no signed-query tokens.
const SENSITIVE_NAME = /(token|secret|signature|password|passwd|pwd|credential|api[-_]?key|auth|session|jwt|bearer)/i;
const SENSITIVE_EXACT = new Set(['sig', 'key', 'code', 'pass', 'hmac', 'hash', 'signed']);

export function isSensitiveQueryParam(name: string): boolean {
  const lower = name.toLowerCase();
  return SENSITIVE_EXACT.has(lower) || SENSITIVE_NAME.test(lower) || lower.startsWith('x-amz-') || lower.startsWith('x-goog-');
}

export function stripUrlCredentials(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '';
  }
  url.username = '';
  url.password = '';
  url.hash = '';
  for (const name of [...new Set(url.searchParams.keys())]) if (isSensitiveQueryParam(name)) url.searchParams.delete(name);
  return url.toString();
}

import type { z } from 'zod';
import { AppError, badRequest, type ErrorDetail } from '@/lib/http/errors';
import { isStorableText, toStorableValue } from '@/lib/http/storable-text';
import { logger } from '@/lib/observability/logger';

/**
 * The input bounds every route shares, checked here before any schema runs:
 * - JSON nests at most MAX_JSON_DEPTH objects/arrays deep: free-form fields (settings,
 *   metadata, payloads) are stored as jsonb through Prisma, whose serializer recurses and fails
 *   with a server error on deeply nested values (1,000 levels), and no contract needs more;
 * - a JSON body is at most MAX_JSON_BODY_BYTES unless its route declares more (imports, agent
 *   inventory and command output, inbound mail);
 * - no string, and no object key, holds U+0000 or an unpaired UTF-16 surrogate, which
 *   PostgreSQL cannot store (JSON.parse turns `\u0000` and `\ud800` escapes into exactly those).
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

const TEXT_MESSAGE = 'Must be plain text (no NUL or unpaired surrogate characters)';
const MAX_DETAILS = 20;

/** URLSearchParams as an object: repeated keys become arrays. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

/** application/json or any application/*+json, parameters (charset) allowed. */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  return JSON_MEDIA_TYPE.test(header.split(';')[0].trim().toLowerCase());
}

const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', 413, `Request bodies of this route are limited to ${formatBytes(maxBytes)}`);

function formatBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / 1024 / 1024} MiB` : `${Math.round(n / 1024)} KiB`;
}

/**
 * Reads the body with the cap enforced while streaming (a declared length over it is refused
 * unread); `refuse` builds the 413 a caller with its own wording wants.
 */
export async function readCapped(req: Request, maxBytes: number, refuse: (maxBytes: number) => AppError = tooLarge): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw refuse(maxBytes);
  if (!req.body) return req.text();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw refuse(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The JSON body of a request: {} when empty (routes whose schema accepts {} work without a body
 * or content type); 415 when a body comes without a JSON content type; 413 past the cap.
 */
export async function readJsonBody(req: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  return parseJsonText(req, await readCapped(req, maxBytes));
}

/** A body read by its route's own reader (bundles): the same content-type rule and parsing. */
export function parseJsonText(req: Request, text: string): unknown {
  if (text.trim() === '') return {};
  if (!isJsonContentType(req.headers.get('content-type'))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the request body as JSON with Content-Type: application/json', [
      { path: 'headers.content-type', message: `Expected application/json, got ${req.headers.get('content-type') ?? 'none'}` },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('INVALID_JSON', 400, 'Request body is not valid JSON');
  }
}

/**
 * Refuses input PostgreSQL cannot store or Prisma cannot serialize (see the bounds above),
 * naming each offending field by its path (`body.lines.0.description`, `query.search`).
 */
export function assertPlainInput(value: unknown, where: string): void {
  const details: ErrorDetail[] = [];
  walk(value, [where], 0, details);
  if (details.length === 0) return;
  throw badRequest(`${details[0].path}: ${details[0].message}`, details);
}

/** `path` is the current position, pushed and popped in place: joined only for a detail. */
function walk(value: unknown, path: string[], depth: number, details: ErrorDetail[]): void {
  if (details.length >= MAX_DETAILS) return;
  if (typeof value === 'string') {
    if (!isStorableText(value)) details.push({ path: path.join('.'), message: TEXT_MESSAGE, code: 'invalid_text' });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_JSON_DEPTH) {
    details.push({ path: path.join('.'), message: `Nested deeper than ${MAX_JSON_DEPTH} levels`, code: 'too_deep' });
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(String(i));
      walk(value[i], path, depth + 1, details);
      path.pop();
    }
    return;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isStorableText(key)) {
      // The key itself cannot be printed faithfully: name the object holding it.
      details.push({ path: path.join('.'), message: `Object keys ${TEXT_MESSAGE.charAt(0).toLowerCase()}${TEXT_MESSAGE.slice(1)}`, code: 'invalid_key' });
      continue;
    }
    path.push(key);
    walk((value as Record<string, unknown>)[key], path, depth + 1, details);
    path.pop();
  }
}

interface FlatIssue {
  path: PropertyKey[];
  message: string;
  code: string;
}

/** How badly a union branch missed: a wrong shape at its root (another kind of node) weighs 100. */
function branchMiss(issues: FlatIssue[]): number {
  return issues.reduce((n, i) => n + ((i.path.length === 0 && (i.code === 'unrecognized_keys' || i.code === 'invalid_type')) || i.code === 'invalid_discriminator' ? 100 : 1), 0);
}

/**
 * An issue as leaf issues. A failed union ("Invalid input" at the union) is replaced by the issues
 * of the branch that came closest, when exactly one did: a nested rule tree then reports the
 * value inside it that is wrong, not the outermost node that holds it.
 */
function flattenIssue(issue: z.core.$ZodIssue): FlatIssue[] {
  if (issue.code !== 'invalid_union') return [{ path: issue.path, message: issue.message, code: issue.code }];
  if (!issue.errors.length) return [{ path: issue.path, message: issue.message, code: 'discriminator' in issue ? 'invalid_discriminator' : issue.code }];
  const branches = issue.errors.map((branch) => branch.flatMap(flattenIssue));
  const scores = branches.map(branchMiss);
  const best = Math.min(...scores);
  if (scores.filter((s) => s === best).length !== 1) return [{ path: issue.path, message: issue.message, code: issue.code }];
  return branches[scores.indexOf(best)].map((i) => ({ ...i, path: [...issue.path, ...i.path] }));
}

export function zodDetails(error: z.ZodError, where: string) {
  return error.issues.flatMap(flattenIssue).map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
    code: issue.code === 'invalid_discriminator' ? 'invalid_union' : issue.code,
  }));
}

/** The one way client input becomes typed: the shared bounds above, then the route's schema. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string, opts: { cleanText?: boolean } = {}): z.output<S> {
  // Depth is always bounded; text is refused, or cleaned for routes that tolerate it (agents).
  if (opts.cleanText) value = toStorableValue(value);
  assertPlainInput(value, where);
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(value) as z.ZodSafeParseResult<z.output<S>>;
  } catch (err) {
    // A refinement or transform that throws on input it did not expect (a Decimal of "abc") is
    // still the client's bad input: 400, and a warning so the schema gets a proper check.
    logger.warn({ err, where }, 'schema threw while parsing input');
    throw badRequest(`${where}: Invalid value`, [{ path: where, message: 'Invalid value', code: 'custom' }]);
  }
  if (result.success) return result.data;
  const details = zodDetails(result.error, where);
  throw badRequest(details[0] ? `${details[0].path}: ${details[0].message}` : 'Invalid request', details);
}

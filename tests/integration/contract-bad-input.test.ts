// The bad-input half of the route contract, over the route index: for every operation that takes
// a body or a query, a corpus of inputs its own schema refuses (wrong types, nulls, NUL and lone
// surrogates in strings and keys, strings and arrays over their bounds, numbers out of range or
// not numbers, bad uuids and dates, unknown enum values, JSON nested 1,000 deep, bodies that are
// not objects) is sent by a caller with every right the route can grant. Every answer must be a
// 4xx in the error envelope, and the database must be unchanged afterwards. New routes are
// covered by being routes; an operation the corpus cannot drive is listed in UNCOVERED with why.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteMeta } from '@/lib/http/define-route';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { PARTNER_API_SCOPE_NAMES } from '@/lib/partner-api/scopes';
import { call, type RequestOptions } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll } from '../helpers/agents';
import { asPrincipal, makePrincipal } from '../helpers/partner-api';
import { makePortalUser, ORIGIN, portalLogin } from '../helpers/portal';
import { newTicket } from '../helpers/tickets';
import { seedAlert } from '../helpers/alerts';
import { newCatalogItem, newContract } from '../helpers/billing';
import { loadOps } from '../helpers/contract/route-ops';
import { makeApiKey } from '../helpers/access';

const CONCURRENCY = 8;
const DEEP = 1000;
/** Mutations per operation at most (the cheapest, most varied first): keeps the file's run time bounded. */
const MAX_INPUTS_PER_OPERATION = 40;
const INBOUND_SECRET = 'contract-suite-inbound-secret-0123456789';

/**
 * Operations the corpus cannot drive, and why. The test fails for an entry naming no operation
 * and for an operation with input that is neither covered nor listed here.
 */
const UNCOVERED: Record<string, string> = {
  'PUT /orgs/partners/me/portal-branding/logo': 'multipart upload of image bytes: no JSON or query input to derive a corpus from (its limits are covered in portal-branding.test.ts)',
  'PUT /orgs/organizations/{id}/portal-branding/logo': 'multipart upload of image bytes (see portal-branding.test.ts)',
  'POST /tickets/{id}/attachments': 'multipart upload of file bytes (see ticket-attachments.test.ts)',
};

/**
 * Operations whose fields are tolerant by contract (an invalid optional field is dropped and
 * reported, and the request succeeds): only the whole-body corpus applies (not an object, too
 * deep, not JSON, not application/json).
 */
const WHOLE_BODY_ONLY: Record<string, string> = {
  'POST /agents/{agentId}/heartbeat': 'an invalid optional field is dropped and listed in droppedFields; the beat is recorded (200)',
};

/**
 * Tables whose rows any request may write whatever its outcome, left out of the fingerprint.
 * Everything else in the public schema is compared, sessions and refresh tokens included (a
 * refused request must not sign anyone in); graphile-worker's queue lives in its own schema and
 * is compared by its job count (no refused request may queue a job; the worker's other
 * bookkeeping is not ours).
 */
const VOLATILE_TABLES = new Set([
  // Rate-limit counters are consumed by attempts, refused ones included (sign-in, portal submissions).
  'rate_limit_events',
  // The trail records refused attempts (sign-in failures) as well as changes.
  'audit_logs',
]);
/** Columns a valid credential touches on use (last seen, last used). */
const VOLATILE_COLUMNS = ['last_used_at', 'last_used_ip', 'last_seen_at', 'last_activity_at'];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
};

interface Operation {
  key: string;
  method: string;
  path: string;
  meta: RouteMeta;
  body?: JsonSchema;
  query?: JsonSchema;
}

interface Probe {
  op: Operation;
  label: string;
  path: string;
  opts: RequestOptions;
}

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

// ------------------------------------------------------------------ who calls, with which ids

interface Fixture {
  partnerAdmin: string;
  systemAdmin: string;
  orgUser: string;
  agent: { agentId: string; authToken: string; deviceId: string };
  portal: { cookie: string; csrf: string };
  principalKey: string;
  /** A key of the partner admin, for the routes that take API keys only (MCP). */
  apiKey: string;
  ids: Record<string, string>;
}
let fx: Fixture;

function callerFor(meta: RouteMeta): RequestOptions {
  const auth = meta.auth;
  if (auth.includes('user')) {
    if (meta.scopes && !meta.scopes.includes('partner')) return { token: meta.scopes.includes('system') ? fx.systemAdmin : fx.orgUser };
    return { token: fx.partnerAdmin };
  }
  if (auth.includes('apiKey')) return { headers: { 'x-api-key': fx.apiKey } };
  if (auth.includes('servicePrincipal')) return asPrincipal(fx.principalKey);
  if (auth.includes('agent') || auth.includes('agentNarrowed')) return { token: fx.agent.authToken };
  if (auth.includes('portal')) return { headers: { cookie: fx.portal.cookie, 'x-csrf-token': fx.portal.csrf, origin: ORIGIN } };
  if (auth.includes('inboundEmail')) return { token: INBOUND_SECRET };
  return {};
}

/** A real id of a record the caller owns where the path names one, else a random valid uuid. */
function idFor(segmentBefore: string, name: string): string {
  const special: Record<string, string> = { agentId: fx.agent.agentId, version: '1.0.0', os: 'linux', arch: 'amd64', token: 'no-such-token' };
  if (special[name]) return special[name];
  return fx.ids[`${segmentBefore}/${name}`] ?? fx.ids[name] ?? randomUUID();
}

function concretePath(pattern: string): string {
  const segments = pattern.split('/');
  return segments.map((s, i) => (s.startsWith('{') ? encodeURIComponent(idFor(segments[i - 1] ?? '', s.slice(1, -1))) : s)).join('/');
}

// ------------------------------------------------------------------ plausible values from a schema

function options(s: JsonSchema): JsonSchema[] {
  return s.anyOf ?? s.oneOf ?? (s.allOf ? [s.allOf[0]] : []);
}

function typesOf(s: JsonSchema): string[] {
  if (s.type) return Array.isArray(s.type) ? s.type : [s.type];
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))];
  if (s.const !== undefined) return [s.const === null ? 'null' : typeof s.const];
  if (s.properties) return ['object'];
  return options(s).flatMap(typesOf);
}

/** A nullable or optional field's schema without its null alternative (where its bounds live). */
function core(s: JsonSchema): JsonSchema {
  const alternatives = options(s).filter((o) => !typesOf(o).every((t) => t === 'null'));
  return alternatives.length === 1 && !s.properties ? { ...alternatives[0], default: s.default ?? alternatives[0].default } : s;
}

const nullable = (s: JsonSchema) => typesOf(s).includes('null') || (typesOf(s).length === 0 && !s.properties);
const isFreeForm = (s: JsonSchema) => typesOf(s).length === 0 || (typesOf(s).includes('object') && !s.properties && !options(s).length);

const STRING_CANDIDATES = ['1.00', '1', 'a', 'abc', 'a-1', 'EUR', 'linux', '2030-01-01', '12:00', 'Europe/Berlin', '10.0.0.0/8', 'x@example.test', 'https://example.test/x'];

/** Fields whose rules live in refinements the JSON Schema cannot show. */
const NAMED_SAMPLES: Record<string, string> = { currency: 'EUR', timezone: 'Europe/Berlin', timeZone: 'Europe/Berlin' };

function sampleString(s: JsonSchema, name: string): string {
  if (NAMED_SAMPLES[name]) return NAMED_SAMPLES[name];
  switch (s.format) {
    case 'uuid':
      return fx.ids[name] ?? randomUUID();
    case 'email':
      return 'someone@example.test';
    case 'date-time':
      return new Date(Date.now() + 86_400_000).toISOString();
    case 'date':
      return '2030-01-01';
    case 'uri':
    case 'url':
      return 'https://example.test/hook';
  }
  const min = s.minLength ?? 0;
  const fits = (v: string) => v.length >= min && v.length <= (s.maxLength ?? Infinity) && (!s.pattern || new RegExp(s.pattern).test(v));
  return STRING_CANDIDATES.find(fits) ?? 'a'.repeat(Math.max(min, 1));
}

function sample(s: JsonSchema, name = '', depth = 0): unknown {
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alternatives = options(s).filter((o) => !typesOf(o).every((t) => t === 'null'));
  if (alternatives.length) return sample(alternatives[0], name, depth);
  const type = typesOf(s).find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return sampleString(s, name);
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(low, s.maximum ?? low);
    }
    case 'boolean':
      return false;
    case 'array':
      return depth > 4 || !s.items || !s.minItems ? [] : Array.from({ length: s.minItems }, () => sample(s.items!, name, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key] ?? {}, key, depth + 1);
      return out;
    }
    default:
      return typesOf(s).includes('null') ? null : {};
  }
}

// ------------------------------------------------------------------ the corpus

const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const DEEP_MARK = '__deep__';

interface BadValue {
  label: string;
  value: unknown;
}

/** Values the property's own schema refuses. */
function badValuesFor(field: JsonSchema): BadValue[] {
  const s = core(field);
  const types = typesOf(s);
  const out: BadValue[] = [];
  if (!nullable(field)) out.push({ label: 'null', value: null });
  if (isFreeForm(s)) {
    out.push({ label: 'JSON 1,000 deep', value: DEEP_MARK });
    out.push({ label: 'NUL in a key', value: { 'a\u0000b': 1 } });
    out.push({ label: 'lone surrogate in a key', value: { '\ud800': 1 } });
    out.push({ label: 'NUL in a nested string', value: { a: ['x\u0000y'] } });
    return out;
  }
  if (s.enum || s.const !== undefined) {
    out.push({ label: 'unknown enum value', value: '__not_a_value__' });
    out.push({ label: 'wrong type (number)', value: 12345 });
    return out;
  }
  if (types.includes('string')) {
    if (!types.includes('number') && !types.includes('integer')) out.push({ label: 'wrong type (number)', value: 12345 });
    out.push({ label: 'NUL in a string', value: 'a\u0000b' });
    out.push({ label: 'lone surrogate', value: 'a\ud800b' });
    if (s.maxLength !== undefined && s.maxLength < 2_000_000) out.push({ label: `string over max ${s.maxLength}`, value: 'x'.repeat(s.maxLength + 1) });
    if (s.format === 'uuid') out.push({ label: 'bad uuid', value: 'not-a-uuid' });
    if (s.format === 'email') out.push({ label: 'bad email', value: 'not-an-email' });
    if (s.format === 'date-time' || s.format === 'date') out.push({ label: 'bad date', value: '2030-02-31T99:99:99Z' });
    if (s.pattern) out.push({ label: 'pattern mismatch', value: '%%not matching%%' });
  }
  if (types.includes('number') || types.includes('integer')) {
    if (!types.includes('string')) {
      out.push({ label: 'non-numeric string', value: 'abc' });
      out.push({ label: 'NaN-ish string', value: 'NaN' });
    }
    if (s.maximum !== undefined) out.push({ label: 'number over maximum', value: s.maximum + 1 });
    if (s.minimum !== undefined) out.push({ label: 'number under minimum', value: s.minimum - 1 });
    if (types.includes('integer') && !types.includes('number')) out.push({ label: 'fraction for an integer', value: 1.5 });
  }
  if (types.includes('boolean') && !types.includes('string')) out.push({ label: 'wrong type (string for boolean)', value: 'maybe' });
  if (types.includes('array')) {
    if (!types.includes('object')) out.push({ label: 'wrong type (object for array)', value: { a: 1 } });
    if (s.maxItems !== undefined && s.maxItems < 100_000) out.push({ label: `array over max ${s.maxItems}`, value: Array.from({ length: s.maxItems + 1 }, () => sample(s.items ?? {})) });
  }
  if (types.includes('object') && !types.includes('string')) out.push({ label: 'wrong type (string for object)', value: 'text' });
  return out;
}

/** Every property path (objects and first array items, a few levels deep) with its schema. */
function fieldsOf(s: JsonSchema, path: string[] = [], depth = 0): { path: string[]; schema: JsonSchema }[] {
  if (depth > 3) return [];
  const alt = options(s).find((o) => o.properties || o.items);
  const node = s.properties || s.items ? s : alt ?? s;
  const out: { path: string[]; schema: JsonSchema }[] = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    out.push({ path: [...path, key], schema: child });
    out.push(...fieldsOf(child, [...path, key], depth + 1));
  }
  if (node.items && path.length) out.push(...fieldsOf(node.items, [...path, '0'], depth + 1));
  return out;
}

function setAt(base: unknown, path: string[], value: unknown, root: JsonSchema): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  let schema: JsonSchema = root;
  for (const [i, key] of path.entries()) {
    const alt = options(schema).find((o) => o.properties || o.items) ?? schema;
    const childSchema = (schema.properties?.[key] ?? alt.properties?.[key] ?? schema.items ?? alt.items ?? {}) as JsonSchema;
    if (i === path.length - 1) node[key] = value;
    else {
      if (node[key] === null || typeof node[key] !== 'object') node[key] = typesOf(childSchema).includes('array') || childSchema.items ? [sample(childSchema.items ?? {})] : sample(childSchema);
      if (Array.isArray(node[key]) && (node[key] as unknown[]).length === 0) (node[key] as unknown[]).push(sample(childSchema.items ?? {}));
      if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    schema = childSchema;
  }
  return copy;
}

function serialize(value: unknown): string {
  return JSON.stringify(value).replace(JSON.stringify(DEEP_MARK), deepJson(DEEP));
}

function bodyProbes(op: Operation, path: string, caller: RequestOptions): Probe[] {
  const schema = op.body!;
  const base = sample(schema);
  const json = (rawBody: string, label: string): Probe => ({ op, label: `body: ${label}`, path, opts: { ...caller, rawBody, headers: { ...caller.headers, 'content-type': 'application/json' } } });
  const probes: Probe[] = [
    json(deepJson(DEEP), 'JSON 1,000 deep'),
    json(`[${'['.repeat(DEEP)}${']'.repeat(DEEP)}]`, 'array 1,000 deep'),
    ...(op.meta.cleanText ? [] : [json('{"a\\u0000b":1}', 'NUL in a key'), json('{"\\ud800":1}', 'lone surrogate in a key')]),
    json('[]', 'an array, not an object'),
    json('"text"', 'a string, not an object'),
    json('42', 'a number, not an object'),
    json('null', 'null body'),
    json('{"a":', 'malformed JSON'),
    { op, label: 'body: JSON as text/plain', path, opts: { ...caller, rawBody: JSON.stringify(base), headers: { ...caller.headers, 'content-type': 'text/plain' } } },
  ];
  if (WHOLE_BODY_ONLY[op.key]) return probes;
  const fieldProbes: Probe[] = [];
  // Routes that clean text (agents) take NUL and broken surrogates by contract: not bad input there.
  const isText = (label: string) => /NUL|surrogate/.test(label);
  for (const field of fieldsOf(schema)) {
    for (const bad of badValuesFor(field.schema).filter((b) => !op.meta.cleanText || !isText(b.label))) {
      fieldProbes.push(json(serialize(setAt(base, field.path, bad.value, schema)), `${field.path.join('.')}: ${bad.label}`));
    }
  }
  return [...probes, ...spread(fieldProbes, MAX_INPUTS_PER_OPERATION - probes.length)];
}

function queryProbes(op: Operation, path: string, caller: RequestOptions): Probe[] {
  const schema = op.query!;
  const base = Object.fromEntries(Object.entries(sample(schema) as Record<string, unknown>).filter(([, v]) => v !== undefined && typeof v !== 'object').map(([k, v]) => [k, String(v)]));
  const probe = (params: [string, string][], label: string): Probe => {
    const q = new URLSearchParams(Object.entries(base).filter(([k]) => !params.some(([p]) => p === k)));
    for (const [k, v] of params) q.append(k, v);
    return { op, label: `query: ${label}`, path: `${path}?${q}`, opts: caller };
  };
  const out: Probe[] = [];
  for (const [key, s] of Object.entries(schema.properties ?? {})) {
    const types = typesOf(s);
    const values: [string, string][] = [
      ['NUL', 'a\u0000b'],
      ['huge string', 'x'.repeat(s.maxLength !== undefined ? s.maxLength + 1 : 10_000)],
    ];
    if (types.includes('number') || types.includes('integer')) values.push(['non-numeric', 'abc'], ['NaN', 'NaN'], ['1e999', '1e999'], ['negative', '-1'], ['fraction', '1.5']);
    if (s.format === 'uuid' || options(s).some((o) => o.format === 'uuid')) values.push(['bad uuid', 'not-a-uuid']);
    if (s.format === 'date-time' || s.format === 'date') values.push(['bad date', '2030-13-45']);
    if (s.enum || options(s).some((o) => o.enum)) values.push(['unknown enum', '__not_a_value__']);
    for (const [label, value] of values) out.push(probe([[key, value]], `${key}: ${label}`));
    if (!types.includes('array')) out.push(probe([[key, sampleString(s, key)], [key, sampleString(s, key)]], `${key}: repeated`));
  }
  return spread(out, MAX_INPUTS_PER_OPERATION);
}

/** At most n of the probes, spread over all fields rather than the first few. */
function spread<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  const step = items.length / n;
  return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]);
}

function paramProbes(op: Operation, caller: RequestOptions): Probe[] {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return names.map((name) => ({ op, label: `params.${name}: NUL`, path: op.path.replace(`{${name}}`, '%00').replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(idFor('', n))), opts: caller }));
}

// ------------------------------------------------------------------ database fingerprint

async function fingerprint(): Promise<Record<string, string>> {
  const tables = await db.$queryRaw<{ table_name: string }[]>`SELECT table_name::text AS table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY table_name`;
  const drop = VOLATILE_COLUMNS.map((c) => ` - '${c}'`).join('');
  const out: Record<string, string> = {};
  for (const { table_name: t } of tables) {
    if (VOLATILE_TABLES.has(t)) continue;
    const [row] = await db.$queryRawUnsafe<{ n: bigint; h: string | null }[]>(`SELECT count(*) AS n, md5(string_agg(md5((to_jsonb(x)${drop})::text), '' ORDER BY md5((to_jsonb(x)${drop})::text))) AS h FROM "${t}" x`);
    out[t] = `${row.n}:${row.h ?? ''}`;
  }
  const [jobs] = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM graphile_worker._private_jobs`;
  out['graphile_worker jobs'] = String(jobs.n);
  return out;
}

// ------------------------------------------------------------------ the suite

async function operations(): Promise<Operation[]> {
  const ops: Operation[] = [];
  for (const { key, method, path, meta, wrapped } of await loadOps()) {
    if (!wrapped) continue;
    const op: Operation = { key, method, path, meta };
    if (meta.body) op.body = toJson(meta.body);
    else if (meta.requestBody?.contentType === 'application/json') op.body = meta.requestBody.schema as JsonSchema;
    else if (meta.requestBody && (meta.requestBody.schema as JsonSchema).properties && meta.auth.includes('portal')) {
      // Portal submissions take their fields as JSON too (files only come with multipart).
      const { files: _files, ...properties } = (meta.requestBody.schema as JsonSchema).properties!;
      op.body = { ...(meta.requestBody.schema as JsonSchema), properties };
    }
    if (meta.query) op.query = toJson(meta.query);
    ops.push(op);
  }
  return ops;
}

describe('every operation refuses bad input with a 4xx in the envelope and changes nothing', () => {
  let ops: Operation[];

  beforeAll(async () => {
    process.env.INBOUND_EMAIL_SECRET = INBOUND_SECRET;
    resetEnvCache();
    const partner = await makePartner();
    const org = await makeOrg(partner.id);
    const site = await makeSite(org);
    const admin = await makePartnerUser(partner);
    const partnerAdmin = await tokenFor(admin, { mfa: true });
    const systemAdmin = await tokenFor(await makePlatformAdmin(), { mfa: true });
    const orgUser = await tokenFor(await makeOrgUser(partner, org), { mfa: true });
    const key = await createKey(partnerAdmin, { orgId: org.id, siteId: site.id });
    const agent = await enroll(key.key);
    const contact = await makePortalUser(org);
    const portal = await portalLogin(contact.email!);
    const ticket = await newTicket(partnerAdmin, { orgId: org.id });
    const alert = await seedAlert(org, { deviceId: agent.deviceId });
    const catalogItem = await newCatalogItem(partnerAdmin);
    const contract = await newContract(partnerAdmin, { orgId: org.id });
    const principal = await makePrincipal(partnerAdmin, { scopes: PARTNER_API_SCOPE_NAMES, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), allowedCidrs: ['203.0.113.0/24'] });
    fx = {
      partnerAdmin,
      systemAdmin,
      orgUser,
      agent,
      portal: { cookie: portal.cookie, csrf: portal.csrf },
      principalKey: principal.key,
      apiKey: (await makeApiKey(admin, ['devices:read'])).key,
      ids: {
        partnerId: partner.id,
        orgId: org.id,
        organizationId: org.id,
        siteId: site.id,
        deviceId: agent.deviceId,
        userId: admin.id,
        contactId: contact.id,
        'organizations/id': org.id,
        'sites/id': site.id,
        'devices/id': agent.deviceId,
        'partners/id': partner.id,
        'users/id': admin.id,
        'enrollment-keys/id': key.id,
        'contacts/id': contact.id,
        'service-principals/id': principal.id,
        'tickets/id': ticket.id,
        ticketId: ticket.id,
        'alerts/id': alert.id,
        alertId: alert.id,
        'catalog/id': catalogItem.id,
        catalogItemId: catalogItem.id,
        'contracts/id': contract.id,
        contractId: contract.id,
      },
    };
    ops = await operations();
  }, 120_000);

  afterAll(() => {
    delete process.env.INBOUND_EMAIL_SECRET;
    resetEnvCache();
  });

  it('lists only real operations as uncovered, and every operation with input is covered or listed', () => {
    const keys = new Set(ops.map((o) => o.key));
    expect([...Object.keys(UNCOVERED), ...Object.keys(WHOLE_BODY_ONLY)].filter((k) => !keys.has(k))).toEqual([]);
    const withoutInput = ops.filter((o) => !o.body && !o.query && !o.meta.requestBody);
    const unreachable = ops.filter((o) => !o.body && !o.query && o.meta.requestBody && !UNCOVERED[o.key]).map((o) => o.key);
    expect(unreachable).toEqual([]);
    expect(withoutInput.length + ops.filter((o) => o.body || o.query || o.meta.requestBody).length).toBe(ops.length);
  });

  it('answers every bad input with a 4xx in the envelope and leaves the database as it was', async () => {
    const probes: Probe[] = [];
    for (const op of ops) {
      if (UNCOVERED[op.key]) continue;
      if (!op.body && !op.query && !op.path.includes('{')) continue;
      const caller = callerFor(op.meta);
      const path = concretePath(op.path);
      if (op.body) probes.push(...bodyProbes(op, path, caller));
      if (op.query) probes.push(...queryProbes(op, path, caller));
      if (op.path.includes('{')) probes.push(...paramProbes(op, caller));
    }
    const before = await fingerprint();
    const failures: string[] = [];
    const statusCounts: Record<string, number> = {};
    const reached = new Map<string, boolean>();
    for (let i = 0; i < probes.length; i += CONCURRENCY) {
      await Promise.all(
        probes.slice(i, i + CONCURRENCY).map(async (p) => {
          const res = await call(p.op.method, p.path, p.opts);
          statusCounts[res.status] = (statusCounts[res.status] ?? 0) + 1;
          if (res.status !== 401 && res.status !== 403) reached.set(p.op.key, true);
          else if (!reached.has(p.op.key)) reached.set(p.op.key, false);
          const e = (res.body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
          const envelope = !!e && typeof e.code === 'string' && typeof e.message === 'string' && e.details !== undefined;
          if (res.status < 400 || res.status >= 500 || !envelope) failures.push(`${p.op.key} [${p.label}] → ${res.status} ${res.text.slice(0, 160)}`);
        }),
      );
    }
    const after = await fingerprint();
    const changed = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    const notReached = [...reached].filter(([, r]) => !r).map(([k]) => k);
    const covered = new Set(probes.filter((p) => p.op.body || p.op.query).map((p) => p.op.key)).size;
    const paramOnly = new Set(probes.filter((p) => !p.op.body && !p.op.query).map((p) => p.op.key)).size;
    const count = (test: (status: number) => boolean) => Object.entries(statusCounts).reduce((n, [k, v]) => n + (test(Number(k)) ? v : 0), 0);
    console.log(
      `bad-input contract: ${covered} operations with a body or query covered, ${paramOnly} more with path parameters only (${Object.keys(UNCOVERED).length} listed as uncovered, ${ops.length} in all), ${probes.length} inputs tried; ` +
        `4xx ${count((c) => c >= 400 && c < 500)}, 5xx ${count((c) => c >= 500)}, other ${count((c) => c < 400)} (by status ${JSON.stringify(statusCounts)}); ${failures.length} not a 4xx envelope; tables changed: ${changed.length}; operations answering only 401/403: ${notReached.length}`,
    );
    if (process.env.CONTRACT_REPORT) writeFileSync(process.env.CONTRACT_REPORT, [...failures.sort(), '--- changed', ...changed, '--- not reached', ...notReached].join('\n'));
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
    expect(notReached).toEqual([]);
  }, 600_000);

  // A string field whose schema sets no maximum may legitimately take a long value (script
  // bodies, descriptions), so a 2xx is fine here and the database may change; a 5xx never is
  // (an indexed column, for one, cannot hold a value past PostgreSQL's index row limit).
  it('never answers 5xx to a 100,000-character string in a field without a maximum', async () => {
    const probes: Probe[] = [];
    for (const op of ops) {
      if (UNCOVERED[op.key] || WHOLE_BODY_ONLY[op.key] || !op.body) continue;
      const caller = callerFor(op.meta);
      const path = concretePath(op.path);
      const base = sample(op.body);
      for (const field of fieldsOf(op.body)) {
        const f = core(field.schema);
        const types = typesOf(f);
        if (!types.includes('string') || f.maxLength !== undefined || f.enum || f.const !== undefined || f.format || f.pattern || NAMED_SAMPLES[field.path.at(-1)!]) continue;
        const rawBody = serialize(setAt(base, field.path, 'x'.repeat(100_000), op.body));
        probes.push({ op, label: `${field.path.join('.')}: 100,000 characters`, path, opts: { ...caller, rawBody, headers: { ...caller.headers, 'content-type': 'application/json' } } });
      }
    }
    const failures: string[] = [];
    const refused: string[] = [];
    const statusCounts: Record<number, number> = {};
    for (let i = 0; i < probes.length; i += CONCURRENCY) {
      await Promise.all(
        probes.slice(i, i + CONCURRENCY).map(async (p) => {
          const res = await call(p.op.method, p.path, p.opts);
          statusCounts[res.status] = (statusCounts[res.status] ?? 0) + 1;
          if (res.status >= 500) failures.push(`${p.op.key} [${p.label}] → ${res.status} ${res.text.slice(0, 160)}`);
          if (process.env.CONTRACT_REPORT) refused.push(`${p.op.key} [${p.label}] → ${res.status} ${res.text.slice(0, 200)}`);
        }),
      );
    }
    console.log(`unbounded strings: ${probes.length} fields without a maximum tried (by status ${JSON.stringify(statusCounts)}); ${failures.length} answered 5xx`);
    if (process.env.CONTRACT_REPORT) writeFileSync(`${process.env.CONTRACT_REPORT}.unbounded`, refused.concat('--- 5xx', failures).join('\n'));
    expect(failures).toEqual([]);
  }, 600_000);
});

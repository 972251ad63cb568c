// Derives a minimal input that a route's zod schema accepts, so a contract probe gets past
// validation and reaches the handler's lookup. Built from the JSON Schema the OpenAPI document
// uses; every candidate is checked with the zod schema itself before it is sent.
import { z } from 'zod';

type Json = Record<string, import('../http').Json>;

export interface SampleContext {
  /** A uuid for a field of this name (e.g. orgId → the caller's own organization), or undefined for a random one. */
  idFor: (field: string) => string | undefined;
  /** Text put into free strings, so records a probe might create are recognisable. */
  text: string;
}

// Strings tried, in order, against a field's `pattern`.
const PATTERN_CANDIDATES = ['1', '1.00', '10.00', 'EUR', 'x', 'abc', 'a1', 'key_1', '#336699', '12:00', '2026-01-15', '1.0.0', 'en', 'P1D', '0 0 * * *', 'x-y', 'example.com'];

// Free strings whose meaning the schema checks in a refinement the JSON Schema cannot show.
const NAMED_STRINGS: Record<string, string> = { currency: 'EUR', timezone: 'Europe/London', country: 'GB', language: 'en', locale: 'en' };

function singular(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name;
}

function sampleString(s: Json, name: string, ctx: SampleContext): string {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  switch (s.format) {
    case 'uuid':
      return ctx.idFor(name) ?? crypto.randomUUID();
    case 'email':
      return `probe-${Math.random().toString(36).slice(2, 8)}@example.test`;
    case 'date-time':
      return new Date(Date.now() + 86_400_000).toISOString();
    case 'date':
      return '2026-01-15';
    case 'uri':
    case 'url':
      return 'https://example.com/probe';
    case 'ipv4':
      return '192.0.2.10';
    case 'cidrv4':
      return '192.0.2.0/24';
  }
  if (NAMED_STRINGS[name] && !s.enum) return NAMED_STRINGS[name];
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const hit = PATTERN_CANDIDATES.find((c) => re.test(c) && c.length >= min && c.length <= max);
    if (hit) return hit;
  }
  const base = `${ctx.text} ${name}`.slice(0, max);
  return base.length >= min ? base : base.padEnd(min, 'x');
}

function sampleNumber(s: Json): number {
  let n = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
  if (s.maximum !== undefined && n > s.maximum) n = s.maximum;
  if (s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum) n = s.exclusiveMaximum - 1;
  return s.type === 'integer' ? Math.ceil(n) : n;
}

function sample(s: Json, name: string, ctx: SampleContext, withOptional: boolean, depth = 0): unknown {
  if (depth > 8) return undefined;
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined && typeof s.default !== 'object') return s.default;
  if (Array.isArray(s.enum)) return s.enum.find((v: unknown) => v !== null) ?? s.enum[0];
  const options = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (options) {
    const preferred = options.find((o) => o.type !== 'null') ?? options[0];
    return sample(preferred, name, ctx, withOptional, depth + 1);
  }
  if (s.allOf) return sample(Object.assign({}, ...s.allOf), name, ctx, withOptional, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return sampleString(s, name, ctx);
    case 'number':
    case 'integer':
      return sampleNumber(s);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const n = Math.max(s.minItems ?? 0, withOptional ? 1 : 0);
      const items = (s.prefixItems as Json[] | undefined) ?? Array.from({ length: n }, () => s.items ?? {});
      return items.map((it) => sample(it, singular(name), ctx, withOptional, depth + 1));
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Json>;
      const required = new Set<string>(s.required ?? []);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) {
        if (!required.has(k) && !withOptional) continue;
        if (!required.has(k) && v.default !== undefined) continue;
        const value = sample(v, k, ctx, withOptional && depth < 1, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    default:
      return {};
  }
}

/** JSON Schema of a zod schema, as the OpenAPI document renders its input. */
export function jsonSchemaOf(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
}

/**
 * A value `schema` accepts: the required fields first, then one optional field at a time (for
 * "at least one field" refinements), then every optional field. Undefined when none passes.
 */
export function validInput(schema: z.ZodType, ctx: SampleContext, opts: { nonEmpty?: boolean } = {}): unknown {
  const json = jsonSchemaOf(schema);
  const minimal = sample(json, '', ctx, false);
  const empty = !!minimal && typeof minimal === 'object' && !Array.isArray(minimal) && Object.keys(minimal).length === 0;
  // An update with no field is refused before any lookup ("provide at least one field").
  if (schema.safeParse(minimal).success && !(opts.nonEmpty && empty)) return minimal;
  if (json.type === 'object' && json.properties) {
    for (const key of Object.keys(json.properties)) {
      const one = { ...(minimal as object), [key]: sample(json.properties[key], key, ctx, false, 1) };
      if (schema.safeParse(one).success) return one;
    }
  }
  const full = sample(json, '', ctx, true);
  if (schema.safeParse(full).success) return full;
  return schema.safeParse(minimal).success ? minimal : undefined;
}

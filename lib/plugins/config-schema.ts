// A manifest's configuration schema is JSON Schema, validated with zod's own converter
// (z.fromJSONSchema) so configuration is checked by the same library as every other input.
// Manifests are limited to a flat object of string (optionally enumerated), number, integer
// and boolean properties: what the console can render as a form, and what a plugin needs to be
// told (a channel, a threshold, a switch). Unknown keys in a configuration are refused.
import { z } from 'zod';
import { AppError, type ErrorDetail } from '@/lib/http/errors';

const PROPERTY_KEYS = new Set(['type', 'title', 'description', 'default', 'enum', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum']);
const TYPES = new Set(['string', 'number', 'integer', 'boolean']);
const MAX_PROPERTIES = 30;

export interface ConfigProperty {
  type: 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  default?: unknown;
  enum?: string[];
}

/** The problems of a manifest's schema, each with its path under `prefix`; empty when usable. */
export function configSchemaProblems(schema: Record<string, unknown>, prefix = 'body.configSchema'): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (schema.type !== 'object') problems.push({ path: `${prefix}.type`, message: 'Must be "object"' });
  const props = schema.properties ?? {};
  if (typeof props !== 'object' || props === null || Array.isArray(props)) {
    problems.push({ path: `${prefix}.properties`, message: 'Must be an object' });
    return problems;
  }
  const entries = Object.entries(props as Record<string, unknown>);
  if (entries.length > MAX_PROPERTIES) problems.push({ path: `${prefix}.properties`, message: `At most ${MAX_PROPERTIES} properties` });
  for (const [name, raw] of entries) {
    const at = `${prefix}.properties.${name}`;
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name)) problems.push({ path: at, message: 'Property names are letters, digits and _' });
    const p = raw as Record<string, unknown>;
    if (typeof p !== 'object' || p === null || !TYPES.has(p.type as string)) {
      problems.push({ path: `${at}.type`, message: 'One of string, number, integer, boolean' });
      continue;
    }
    for (const key of Object.keys(p)) if (!PROPERTY_KEYS.has(key)) problems.push({ path: `${at}.${key}`, message: 'Not supported in a plugin configuration schema' });
    if (p.enum !== undefined && (p.type !== 'string' || !Array.isArray(p.enum) || !p.enum.length || !p.enum.every((v) => typeof v === 'string'))) {
      problems.push({ path: `${at}.enum`, message: 'A non-empty list of strings, on a string property' });
    }
  }
  const required = schema.required ?? [];
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string' && r in (props as object))) {
    problems.push({ path: `${prefix}.required`, message: 'Names of declared properties' });
  }
  for (const key of Object.keys(schema)) {
    if (!['type', 'properties', 'required', 'additionalProperties', 'title', 'description', '$schema'].includes(key)) problems.push({ path: `${prefix}.${key}`, message: 'Not supported in a plugin configuration schema' });
  }
  if (problems.length) return problems;
  try {
    configValidator(schema);
  } catch (error) {
    problems.push({ path: prefix, message: `Not a usable JSON Schema: ${(error as Error).message}` });
  }
  return problems;
}

/** The zod schema of a (checked) manifest schema; extra keys are always refused. */
export function configValidator(schema: Record<string, unknown>): z.ZodType<Record<string, unknown>> {
  return z.fromJSONSchema({ ...schema, additionalProperties: false }) as z.ZodType<Record<string, unknown>>;
}

/** A configuration checked against its manifest's schema (defaults filled in), or 400 INVALID_PLUGIN_CONFIG. */
export function parsePluginConfig(schema: Record<string, unknown>, config: Record<string, unknown>): Record<string, unknown> {
  const result = configValidator(schema).safeParse(config);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({
    path: ['body.config', ...(i.code === 'unrecognized_keys' ? [] : i.path.map(String))].join('.'),
    message: i.code === 'unrecognized_keys' ? `Unknown setting ${i.keys.join(', ')}` : i.message,
  }));
  throw new AppError('INVALID_PLUGIN_CONFIG', 400, 'The configuration does not match the plugin\'s schema', details);
}

/** The properties of a schema, for forms and docs. */
export function configProperties(schema: Record<string, unknown>): [string, ConfigProperty][] {
  return Object.entries((schema.properties ?? {}) as Record<string, ConfigProperty>);
}

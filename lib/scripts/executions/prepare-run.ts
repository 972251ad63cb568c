// Pure preparation of a run: {{var.key}} substitution in the body, parameter values per device
// (given, else the device's custom field, else the default) as SERVICE_PARAM_<name>, and the
// SERVICE_VAR_<NAME> names of secret variables (their values never enter the body).
import type { TScriptParameter } from '@/lib/scripts/schemas';

const VAR_RE = /\{\{\s*var\.([A-Za-z0-9_.-]+)\s*\}\}/g;

/** Substitutes ordinary variables; returns the keys used but not supplied. */
export function renderVariables(content: string, variables: Record<string, string>): { content: string; missing: string[] } {
  const missing = new Set<string>();
  const rendered = content.replace(VAR_RE, (whole, key: string) => {
    if (Object.prototype.hasOwnProperty.call(variables, key)) return variables[key];
    missing.add(key);
    return whole;
  });
  return { content: rendered, missing: [...missing] };
}

export type ParameterValue = string | number | boolean;

export type ResolvedParameters =
  | { ok: true; values: Record<string, ParameterValue>; env: Record<string, string> }
  | { ok: false; missing: string[] };

/** Values for one device. `fieldValues` maps custom-field keys to the device's values. */
export function resolveParameters(defs: TScriptParameter[], given: Record<string, ParameterValue>, fieldValues: Record<string, unknown>): ResolvedParameters {
  const values: Record<string, ParameterValue> = {};
  const missing: string[] = [];
  for (const def of defs) {
    let value: unknown = given[def.name];
    if (value === undefined && def.customField) {
      const fromField = fieldValues[def.customField];
      if (fromField !== undefined && fromField !== null) value = fromField;
    }
    if (value === undefined) value = def.default;
    if (value === undefined || value === '') {
      if (def.required) missing.push(def.name);
      continue;
    }
    values[def.name] = typeof value === 'object' ? JSON.stringify(value) : (value as ParameterValue);
  }
  if (missing.length) return { ok: false, missing };
  const env = Object.fromEntries(Object.entries(values).map(([k, v]) => [`SERVICE_PARAM_${k}`, String(v)]));
  return { ok: true, values, env };
}

export const secretEnvName = (name: string) => `SERVICE_VAR_${name}`;

/** Secrets shorter than this are not searched for in output (they would mangle ordinary text). */
export const MIN_REDACTED_SECRET_LENGTH = 4;

/** Replaces every occurrence of a secret value in the text. */
export function redactSecrets(text: string | null, secrets: readonly string[]): string | null {
  if (!text) return text;
  let out = text;
  for (const s of [...secrets].filter((v) => v.length >= MIN_REDACTED_SECRET_LENGTH).sort((a, b) => b.length - a.length)) {
    out = out.split(s).join('[REDACTED]');
  }
  return out;
}

export const CUSTOM_FIELDS_MARKER = '::service:custom-fields::';

export interface CustomFieldLine {
  line: number;
  values?: Record<string, unknown>;
  error?: string;
}

/** Every `::service:custom-fields:: <json object>` line of stdout, parsed or with its error. */
export function parseCustomFieldLines(stdout: string | null): CustomFieldLine[] {
  if (!stdout) return [];
  const out: CustomFieldLine[] = [];
  stdout.split(/\r?\n/).forEach((raw, i) => {
    const text = raw.trimStart();
    if (!text.startsWith(CUSTOM_FIELDS_MARKER)) return;
    const json = text.slice(CUSTOM_FIELDS_MARKER.length).trim();
    try {
      const parsed: unknown = JSON.parse(json);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) out.push({ line: i + 1, error: 'not a JSON object' });
      else out.push({ line: i + 1, values: parsed as Record<string, unknown> });
    } catch {
      out.push({ line: i + 1, error: 'malformed JSON' });
    }
  });
  return out;
}

/** The alert severity an exit code maps to, if any. */
export function severityFor(mapping: unknown, exitCode: number | null | undefined): string | null {
  if (exitCode === null || exitCode === undefined || !mapping || typeof mapping !== 'object') return null;
  const v = (mapping as Record<string, unknown>)[String(exitCode)];
  return typeof v === 'string' ? v : null;
}

'use client';

// Editor for a dynamic group's rules: match all/any over conditions on device fields, with the
// operators and value kinds the API accepts (lib/device-groups/schemas.ts ZRuleCondition).
import type { GroupRulesDraft, RuleConditionDraft, RuleField } from '@/hooks/use-groups';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import type { Site } from '@/hooks/use-organizations';

const OS = ['windows', 'macos', 'linux'];
const STATUSES = ['pending', 'online', 'offline', 'uninstalled', 'decommissioned'];

const FIELDS: Record<RuleField, { label: string; ops: Record<string, string>; kind: 'enum' | 'site' | 'text' | 'minutes' }> = {
  hostname: { label: 'Hostname', ops: { eq: 'is', contains: 'contains', starts_with: 'starts with', ends_with: 'ends with', matches: 'matches (glob * ?)' }, kind: 'text' },
  osType: { label: 'Operating system', ops: { eq: 'is', neq: 'is not', in: 'is one of' }, kind: 'enum' },
  status: { label: 'Status', ops: { eq: 'is', neq: 'is not', in: 'is one of' }, kind: 'enum' },
  siteId: { label: 'Site', ops: { eq: 'is', neq: 'is not', in: 'is one of' }, kind: 'site' },
  tags: { label: 'Tags', ops: { has: 'has', lacks: 'lacks' }, kind: 'text' },
  osVersion: { label: 'OS version', ops: { eq: 'is', contains: 'contains', starts_with: 'starts with' }, kind: 'text' },
  agentVersion: { label: 'Agent version', ops: { eq: 'is', neq: 'is not', starts_with: 'starts with' }, kind: 'text' },
  lastSeen: { label: 'Last seen', ops: { within_minutes: 'within the last (minutes)', older_than_minutes: 'more than (minutes) ago' }, kind: 'minutes' },
};

export function defaultCondition(field: RuleField = 'hostname'): RuleConditionDraft {
  const spec = FIELDS[field];
  const op = Object.keys(spec.ops)[0];
  const value = spec.kind === 'minutes' ? 60 : field === 'osType' ? 'windows' : field === 'status' ? 'online' : '';
  return { field, op, value };
}

const SELECT = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Validation messages of the envelope that point into one condition (`body.rules.conditions.2.value`), by index. */
export function conditionErrorsOf(...errors: unknown[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const error of errors) {
    for (const [path, message] of Object.entries(fieldErrorsOf(error, 'path'))) {
      const m = /^rules\.conditions\.(\d+)/.exec(path);
      if (m) out[Number(m[1])] ??= message;
    }
  }
  return out;
}

export function RuleEditor({ rules, onChange, sites, errors = {} }: { rules: GroupRulesDraft; onChange: (r: GroupRulesDraft) => void; sites: Site[]; errors?: Record<number, string> }) {
  const setCondition = (i: number, c: RuleConditionDraft) => onChange({ ...rules, conditions: rules.conditions.map((x, j) => (j === i ? c : x)) });
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Membership rules</legend>
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor="rule-match">Devices matching</label>
        <select id="rule-match" value={rules.match} onChange={(e) => onChange({ ...rules, match: e.target.value as 'all' | 'any' })} className={SELECT}>
          <option value="all">all</option>
          <option value="any">any</option>
        </select>
        <span>of these conditions:</span>
      </div>
      <ol className="space-y-2">
        {rules.conditions.map((c, i) => {
          const spec = FIELDS[c.field];
          const n = i + 1;
          const options = c.field === 'osType' ? OS.map((o) => [o, o]) : c.field === 'status' ? STATUSES.map((o) => [o, o]) : sites.map((s) => [s.id, s.name]);
          const error = errors[i];
          return (
            <li key={i} className="flex flex-wrap items-start gap-2">
              <select aria-label={`Condition ${n} field`} value={c.field} onChange={(e) => setCondition(i, defaultCondition(e.target.value as RuleField))} className={SELECT}>
                {(Object.keys(FIELDS) as RuleField[]).map((f) => (
                  <option key={f} value={f}>
                    {FIELDS[f].label}
                  </option>
                ))}
              </select>
              <select
                aria-label={`Condition ${n} operator`}
                value={c.op}
                onChange={(e) => {
                  const op = e.target.value;
                  // Switching to/from "is one of" turns the value into a list or back.
                  const value = op === 'in' ? (Array.isArray(c.value) ? c.value : c.value ? [String(c.value)] : []) : Array.isArray(c.value) ? (c.value[0] ?? '') : c.value;
                  setCondition(i, { ...c, op, value });
                }}
                className={SELECT}
              >
                {Object.entries(spec.ops).map(([op, label]) => (
                  <option key={op} value={op}>
                    {label}
                  </option>
                ))}
              </select>
              {spec.kind === 'text' && (
                <input aria-label={`Condition ${n} value`} value={String(c.value)} onChange={(e) => setCondition(i, { ...c, value: e.target.value })} className={`${SELECT} min-w-40 flex-1`} placeholder={c.op === 'matches' ? 'web-*' : ''} />
              )}
              {spec.kind === 'minutes' && (
                <input aria-label={`Condition ${n} value`} type="number" min={1} value={Number(c.value) || ''} onChange={(e) => setCondition(i, { ...c, value: Number(e.target.value) })} className={`${SELECT} w-32`} />
              )}
              {(spec.kind === 'enum' || spec.kind === 'site') &&
                (c.op === 'in' ? (
                  <select
                    aria-label={`Condition ${n} values`}
                    multiple
                    value={Array.isArray(c.value) ? c.value : []}
                    onChange={(e) => setCondition(i, { ...c, value: Array.from(e.target.selectedOptions, (o) => o.value) })}
                    className={`${SELECT} min-w-40`}
                  >
                    {options.map(([v, label]) => (
                      <option key={v} value={v}>
                        {label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <select aria-label={`Condition ${n} value`} value={String(c.value)} onChange={(e) => setCondition(i, { ...c, value: e.target.value })} className={SELECT}>
                    {spec.kind === 'site' && <option value="">Choose a site</option>}
                    {options.map(([v, label]) => (
                      <option key={v} value={v}>
                        {label}
                      </option>
                    ))}
                  </select>
                ))}
              <button
                type="button"
                className="rounded px-2 py-1.5 text-sm text-red-600 hover:bg-red-50 disabled:opacity-40 dark:hover:bg-slate-800"
                aria-label={`Remove condition ${n}`}
                disabled={rules.conditions.length === 1}
                onClick={() => onChange({ ...rules, conditions: rules.conditions.filter((_, j) => j !== i) })}
              >
                Remove
              </button>
              {error && (
                <p role="alert" className="w-full text-xs text-red-600">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100" onClick={() => onChange({ ...rules, conditions: [...rules.conditions, defaultCondition()] })} disabled={rules.conditions.length >= 50}>
        + Add condition
      </button>
    </fieldset>
  );
}

/** True when every condition has a value the API can accept, so a preview is worth asking for. */
export function rulesComplete(rules: GroupRulesDraft): boolean {
  return rules.conditions.length > 0 && rules.conditions.every((c) => (Array.isArray(c.value) ? c.value.length > 0 : typeof c.value === 'number' ? c.value >= 1 : String(c.value).trim() !== ''));
}

export function describeCondition(c: RuleConditionDraft, sites: Site[]): string {
  const spec = FIELDS[c.field];
  const name = (v: string) => (c.field === 'siteId' ? (sites.find((s) => s.id === v)?.name ?? v) : v);
  const value = Array.isArray(c.value) ? c.value.map(name).join(', ') : name(String(c.value));
  return `${spec.label} ${spec.ops[c.op] ?? c.op} ${value}`;
}

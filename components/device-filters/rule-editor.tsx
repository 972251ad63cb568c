'use client';

// Editor of a device filter rule tree (lib/device-filters/schemas.ts), shared by dynamic device
// groups and saved filters: match all/any over conditions on device fields and nested groups.
// Top-level controls are labelled "Condition 2 field"; those inside a nested group "Condition 2.1 field".
import type { FilterConditionDraft, FilterField, FilterGroupDraft, FilterNodeDraft } from '@/hooks/use-filters';
import { fieldErrorsOf } from '@/lib/client/field-errors';

const OS = ['windows', 'macos', 'linux'];
const STATUSES = ['pending', 'online', 'offline', 'uninstalled', 'decommissioned'];
const MAX_DEPTH = 4;

type Kind = 'enum' | 'org' | 'site' | 'group' | 'text' | 'minutes' | 'custom';
type Choice = { id: string; name: string };
export type RuleChoices = { sites?: Choice[]; orgs?: Choice[]; groups?: Choice[] };

const LIST_OPS = { eq: 'is', neq: 'is not', in: 'is one of' };
const FIELDS: Record<FilterField, { label: string; ops: Record<string, string>; kind: Kind }> = {
  hostname: { label: 'Hostname', ops: { eq: 'is', contains: 'contains', starts_with: 'starts with', ends_with: 'ends with', matches: 'matches (glob * ?)' }, kind: 'text' },
  osType: { label: 'Operating system', ops: LIST_OPS, kind: 'enum' },
  status: { label: 'Status', ops: LIST_OPS, kind: 'enum' },
  orgId: { label: 'Organization', ops: LIST_OPS, kind: 'org' },
  siteId: { label: 'Site', ops: LIST_OPS, kind: 'site' },
  groupId: { label: 'Device group', ops: { in: 'is in', not_in: 'is not in' }, kind: 'group' },
  tags: { label: 'Tags', ops: { has: 'has', lacks: 'lacks' }, kind: 'text' },
  osVersion: { label: 'OS version', ops: { eq: 'is', contains: 'contains', starts_with: 'starts with' }, kind: 'text' },
  agentVersion: { label: 'Agent version', ops: { eq: 'is', neq: 'is not', starts_with: 'starts with' }, kind: 'text' },
  lastSeen: { label: 'Last seen', ops: { within_minutes: 'within the last (minutes)', older_than_minutes: 'more than (minutes) ago' }, kind: 'minutes' },
  customField: { label: 'Custom field', ops: { eq: 'is', neq: 'is not', contains: 'contains', gt: 'greater than', lt: 'less than', is_set: 'is set', is_not_set: 'is not set' }, kind: 'custom' },
  software: { label: 'Software', ops: { installed: 'installed', not_installed: 'not installed' }, kind: 'text' },
};
const ALL_FIELDS = Object.keys(FIELDS) as FilterField[];
/** Fields a dynamic group's rules accept (membership of other groups is not one of them). */
export const GROUP_RULE_FIELDS = ALL_FIELDS.filter((f) => f !== 'groupId' && f !== 'orgId');

const NO_VALUE_OPS = new Set(['is_set', 'is_not_set']);
const SELECT = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';

export const isGroupDraft = (n: FilterNodeDraft): n is FilterGroupDraft => 'conditions' in n;

export function defaultCondition(field: FilterField = 'hostname'): FilterConditionDraft {
  const spec = FIELDS[field];
  const op = Object.keys(spec.ops)[0];
  if (field === 'groupId') return { field, op, value: [] };
  if (field === 'customField') return { field, key: '', op, value: '' };
  const value = spec.kind === 'minutes' ? 60 : field === 'osType' ? 'windows' : field === 'status' ? 'online' : '';
  return { field, op, value };
}

/** Validation messages of the envelope that point into one node (`body.rules.conditions.1.conditions.0.value` → "1.0"). */
export function conditionErrorsOf(...errors: unknown[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    for (const [path, message] of Object.entries(fieldErrorsOf(error, 'path'))) {
      const m = /^rules((?:\.conditions\.\d+)+)/.exec(path);
      if (m) out[m[1].split('.conditions.').filter(Boolean).join('.')] ??= message;
    }
  }
  return out;
}

/** True when every condition has what the API needs, so a preview is worth asking for. */
export function rulesComplete(tree: FilterGroupDraft): boolean {
  return (
    tree.conditions.length > 0 &&
    tree.conditions.every((n) => {
      if (isGroupDraft(n)) return rulesComplete(n);
      if (n.field === 'customField' && !n.key?.trim()) return false;
      if (NO_VALUE_OPS.has(n.op)) return true;
      const v = n.value;
      return Array.isArray(v) ? v.length > 0 : typeof v === 'number' ? Number.isFinite(v) && (n.field !== 'lastSeen' || v >= 1) : typeof v === 'boolean' || String(v ?? '').trim() !== '';
    })
  );
}

export function describeCondition(c: FilterConditionDraft, choices: RuleChoices = {}): string {
  const spec = FIELDS[c.field];
  const pool = c.field === 'siteId' ? choices.sites : c.field === 'orgId' ? choices.orgs : c.field === 'groupId' ? choices.groups : undefined;
  const name = (v: string) => pool?.find((s) => s.id === v)?.name ?? v;
  const value = NO_VALUE_OPS.has(c.op) ? '' : Array.isArray(c.value) ? c.value.map(name).join(', ') : name(String(c.value ?? ''));
  const label = c.field === 'customField' ? `Custom field ${c.key ?? ''}` : spec.label;
  return `${label} ${spec.ops[c.op] ?? c.op} ${value}`.trim();
}

/** The whole tree in one line, nested groups in parentheses. */
export function describeRules(tree: FilterGroupDraft, choices: RuleChoices = {}): string {
  return tree.conditions.map((n) => (isGroupDraft(n) ? `(${describeRules(n, choices)})` : describeCondition(n, choices))).join(tree.match === 'all' ? ' and ' : ' or ');
}

function optionsFor(field: FilterField, choices: RuleChoices): [string, string][] {
  if (field === 'osType') return OS.map((o) => [o, o]);
  if (field === 'status') return STATUSES.map((o) => [o, o]);
  const pool = field === 'siteId' ? choices.sites : field === 'orgId' ? choices.orgs : choices.groups;
  return (pool ?? []).map((s) => [s.id, s.name]);
}

function ConditionRow({ c, n, onChange, onRemove, canRemove, choices, fields, error }: { c: FilterConditionDraft; n: string; onChange: (c: FilterConditionDraft) => void; onRemove: () => void; canRemove: boolean; choices: RuleChoices; fields: FilterField[]; error?: string }) {
  const spec = FIELDS[c.field];
  const listValued = spec.kind === 'enum' || spec.kind === 'org' || spec.kind === 'site' || spec.kind === 'group';
  const multiple = c.op === 'in' || c.field === 'groupId';
  return (
    <li className="flex flex-wrap items-start gap-2">
      <select aria-label={`Condition ${n} field`} value={c.field} onChange={(e) => onChange(defaultCondition(e.target.value as FilterField))} className={SELECT}>
        {fields.map((f) => (
          <option key={f} value={f}>
            {FIELDS[f].label}
          </option>
        ))}
      </select>
      {spec.kind === 'custom' && <input aria-label={`Condition ${n} key`} value={c.key ?? ''} onChange={(e) => onChange({ ...c, key: e.target.value })} className={`${SELECT} w-32`} placeholder="field key" />}
      <select
        aria-label={`Condition ${n} operator`}
        value={c.op}
        onChange={(e) => {
          const op = e.target.value;
          // Switching to/from "is one of" turns the value into a list or back; set/not set take none.
          let value = c.value;
          if (listValued && c.field !== 'groupId') value = op === 'in' ? (Array.isArray(c.value) ? c.value : c.value ? [String(c.value)] : []) : Array.isArray(c.value) ? (c.value[0] ?? '') : c.value;
          if (spec.kind === 'custom') value = NO_VALUE_OPS.has(op) ? undefined : op === 'gt' || op === 'lt' ? Number(c.value) || 0 : String(c.value ?? '');
          onChange({ ...c, op, value });
        }}
        className={SELECT}
      >
        {Object.entries(spec.ops).map(([op, label]) => (
          <option key={op} value={op}>
            {label}
          </option>
        ))}
      </select>
      {(spec.kind === 'text' || (spec.kind === 'custom' && !NO_VALUE_OPS.has(c.op) && c.op !== 'gt' && c.op !== 'lt')) && (
        <input aria-label={`Condition ${n} value`} value={String(c.value ?? '')} onChange={(e) => onChange({ ...c, value: e.target.value })} className={`${SELECT} min-w-40 flex-1`} placeholder={c.op === 'matches' ? 'web-*' : ''} />
      )}
      {(spec.kind === 'minutes' || (spec.kind === 'custom' && (c.op === 'gt' || c.op === 'lt'))) && (
        <input aria-label={`Condition ${n} value`} type="number" min={spec.kind === 'minutes' ? 1 : undefined} value={Number.isFinite(Number(c.value)) ? String(c.value) : ''} onChange={(e) => onChange({ ...c, value: Number(e.target.value) })} className={`${SELECT} w-32`} />
      )}
      {listValued &&
        (multiple ? (
          <select aria-label={`Condition ${n} values`} multiple value={Array.isArray(c.value) ? c.value : []} onChange={(e) => onChange({ ...c, value: Array.from(e.target.selectedOptions, (o) => o.value) })} className={`${SELECT} min-w-40`}>
            {optionsFor(c.field, choices).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        ) : (
          <select aria-label={`Condition ${n} value`} value={String(c.value ?? '')} onChange={(e) => onChange({ ...c, value: e.target.value })} className={SELECT}>
            {spec.kind !== 'enum' && <option value="">Choose {spec.label.toLowerCase()}</option>}
            {optionsFor(c.field, choices).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        ))}
      <button type="button" className="rounded px-2 py-1.5 text-sm text-red-600 hover:bg-red-50 disabled:opacity-40 dark:hover:bg-slate-800" aria-label={`Remove condition ${n}`} disabled={!canRemove} onClick={onRemove}>
        Remove
      </button>
      {error && (
        <p role="alert" className="w-full text-xs text-red-600">
          {error}
        </p>
      )}
    </li>
  );
}

interface GroupProps {
  rules: FilterGroupDraft;
  onChange: (r: FilterGroupDraft) => void;
  choices: RuleChoices;
  fields: FilterField[];
  errors: Record<string, string>;
  /** Position of this group ("" for the root, "2" for the root's second node …). */
  at: string;
  depth: number;
  nesting: boolean;
}

function GroupEditor({ rules, onChange, choices, fields, errors, at, depth, nesting }: GroupProps) {
  const setNode = (i: number, node: FilterNodeDraft) => onChange({ ...rules, conditions: rules.conditions.map((x, j) => (j === i ? node : x)) });
  const remove = (i: number) => onChange({ ...rules, conditions: rules.conditions.filter((_, j) => j !== i) });
  const root = at === '';
  const matchId = root ? 'rule-match' : `rule-match-${at}`;
  return (
    <>
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor={matchId}>{root ? 'Devices matching' : `Group ${at}: match`}</label>
        <select id={matchId} value={rules.match} onChange={(e) => onChange({ ...rules, match: e.target.value as 'all' | 'any' })} className={SELECT}>
          <option value="all">all</option>
          <option value="any">any</option>
        </select>
        <span>of these conditions:</span>
      </div>
      <ol className="space-y-2">
        {rules.conditions.map((node, i) => {
          const n = root ? String(i + 1) : `${at}.${i + 1}`;
          const key = root ? String(i) : `${errorKeyOf(at)}.${i}`;
          if (isGroupDraft(node)) {
            return (
              <li key={i} className="space-y-2 rounded-md border border-slate-200 p-2 dark:border-slate-700" aria-label={`Group ${n}`}>
                <GroupEditor rules={node} onChange={(g) => setNode(i, g)} choices={choices} fields={fields} errors={errors} at={n} depth={depth + 1} nesting={nesting} />
                {errors[key] && (
                  <p role="alert" className="text-xs text-red-600">
                    {errors[key]}
                  </p>
                )}
                <button type="button" className="text-sm text-red-600 hover:underline" aria-label={`Remove group ${n}`} onClick={() => remove(i)}>
                  Remove group
                </button>
              </li>
            );
          }
          return <ConditionRow key={i} c={node} n={n} onChange={(c) => setNode(i, c)} onRemove={() => remove(i)} canRemove={rules.conditions.length > 1 || !root} choices={choices} fields={fields} error={errors[key]} />;
        })}
      </ol>
      <div className="flex gap-4">
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
          aria-label={root ? undefined : `Add condition to group ${at}`}
          onClick={() => onChange({ ...rules, conditions: [...rules.conditions, defaultCondition()] })}
          disabled={rules.conditions.length >= 50}
        >
          + Add condition
        </button>
        {nesting && depth < MAX_DEPTH && (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
            aria-label={root ? undefined : `Add group to group ${at}`}
            onClick={() => onChange({ ...rules, conditions: [...rules.conditions, { match: rules.match === 'all' ? 'any' : 'all', conditions: [defaultCondition()] }] })}
            disabled={rules.conditions.length >= 50}
          >
            + Add group
          </button>
        )}
      </div>
    </>
  );
}

/** "2.1" (1-based labels) → "1.0" (0-based error keys). */
const errorKeyOf = (at: string) => at.split('.').map((s) => String(Number(s) - 1)).join('.');

export function RuleEditor({ rules, onChange, choices = {}, fields = ALL_FIELDS, errors = {}, nesting = true }: { rules: FilterGroupDraft; onChange: (r: FilterGroupDraft) => void; choices?: RuleChoices; fields?: FilterField[]; errors?: Record<string, string>; nesting?: boolean }) {
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Rules</legend>
      <GroupEditor rules={rules} onChange={onChange} choices={choices} fields={fields} errors={errors} at="" depth={1} nesting={nesting} />
    </fieldset>
  );
}

'use client';

// The condition editor of a rule (and of a rule template): metric threshold held for N beats
// and/or M minutes, device offline for M minutes, or a failed command/script result.
import { METRICS, OPERATORS, type ConditionType, type RuleCondition } from '@/hooks/use-alert-config';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/controls';
import type { FieldErrors } from '@/lib/client/field-errors';

const COMMAND_TYPES = ['run_script', 'refresh_inventory', 'reboot', 'shutdown'] as const;
const METRIC_LABELS: Record<string, string> = { cpu: 'CPU', memory: 'Memory', disk: 'Disk (fullest)' };

export function defaultCondition(type: ConditionType): RuleCondition {
  if (type === 'metric') return { type, metric: 'cpu', operator: 'gt', threshold: 90, consecutiveBeats: 3, durationMinutes: 0 };
  if (type === 'offline') return { type, durationMinutes: 5 };
  return { type, commandTypes: [] };
}

export function describeCondition(c: RuleCondition): string {
  if (c.type === 'metric') {
    const op = OPERATORS.find((o) => o.id === c.operator)?.label ?? c.operator;
    const hold = [c.consecutiveBeats > 1 ? `${c.consecutiveBeats} beats` : null, c.durationMinutes > 0 ? `${c.durationMinutes} min` : null].filter(Boolean).join(' and ');
    return `${METRIC_LABELS[c.metric] ?? c.metric} ${op} ${c.threshold} %${hold ? ` for ${hold}` : ''}`;
  }
  if (c.type === 'offline') return `Offline for ${c.durationMinutes} min`;
  return c.commandTypes.length ? `Failed ${c.commandTypes.join(', ')}` : 'Any failed command or script';
}

const num = (v: string) => (v === '' ? Number.NaN : Number(v));

export function ConditionFields({ value, onChange, errors }: { value: RuleCondition; onChange: (c: RuleCondition) => void; errors: FieldErrors }) {
  const err = (k: string) => errors[`condition.${k}`];
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Condition</legend>
      <SelectField label="Kind" value={value.type} onChange={(e) => onChange(defaultCondition(e.target.value as ConditionType))} error={errors.condition ?? err('type')}>
        <option value="metric">Metric threshold (CPU, memory, disk)</option>
        <option value="offline">Device offline</option>
        <option value="script_failed">Failed command or script</option>
      </SelectField>
      {value.type === 'metric' && (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField label="Metric" value={value.metric} onChange={(e) => onChange({ ...value, metric: e.target.value as typeof value.metric })} error={err('metric')}>
            {METRICS.map((m) => (
              <option key={m} value={m}>
                {METRIC_LABELS[m]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Operator" value={value.operator} onChange={(e) => onChange({ ...value, operator: e.target.value as typeof value.operator })} error={err('operator')}>
            {OPERATORS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <Field label="Threshold (%)" type="number" min={0} max={100} step="any" required value={Number.isNaN(value.threshold) ? '' : value.threshold} onChange={(e) => onChange({ ...value, threshold: num(e.target.value) })} error={err('threshold')} />
          <Field
            label="Consecutive heartbeats"
            type="number"
            min={1}
            max={1000}
            required
            value={Number.isNaN(value.consecutiveBeats) ? '' : value.consecutiveBeats}
            onChange={(e) => onChange({ ...value, consecutiveBeats: num(e.target.value) })}
            hint="Beats in a row the condition must hold"
            error={err('consecutiveBeats')}
          />
          <Field
            label="And for at least (minutes)"
            type="number"
            min={0}
            max={1440}
            required
            value={Number.isNaN(value.durationMinutes) ? '' : value.durationMinutes}
            onChange={(e) => onChange({ ...value, durationMinutes: num(e.target.value) })}
            hint="0: the beat count alone decides"
            error={err('durationMinutes')}
          />
        </div>
      )}
      {value.type === 'offline' && (
        <Field
          label="Offline for (minutes)"
          type="number"
          min={1}
          max={10080}
          required
          value={Number.isNaN(value.durationMinutes) ? '' : value.durationMinutes}
          onChange={(e) => onChange({ ...value, durationMinutes: num(e.target.value) })}
          hint="No heartbeat for this long raises the alert (checked every minute)"
          error={err('durationMinutes')}
        />
      )}
      {value.type === 'script_failed' && (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Command kinds that count</legend>
          <div className="flex flex-wrap gap-3">
            {COMMAND_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={value.commandTypes.includes(t)}
                  onChange={() => onChange({ ...value, commandTypes: value.commandTypes.includes(t) ? value.commandTypes.filter((x) => x !== t) : [...value.commandTypes, t] })}
                />
                {t.replace(/_/g, ' ')}
              </label>
            ))}
          </div>
          <p className="text-xs text-slate-500">None ticked: any failed or timed-out command raises the alert.</p>
          {err('commandTypes') && (
            <p role="alert" className="text-xs text-red-600">
              {err('commandTypes')}
            </p>
          )}
        </fieldset>
      )}
    </fieldset>
  );
}

'use client';

// The thresholds of one SNMP device: each bound, its state at the last poll, and the form that
// adds one on a polled OID (a counter is compared as its rate per second).
import { useState, type FormEvent } from 'react';
import { useCan } from '@/hooks/use-me';
import {
  THRESHOLD_OPERATORS,
  useCreateSnmpThreshold,
  useDeleteSnmpThreshold,
  useSnmpThresholds,
  useSnmpValues,
  useUpdateSnmpThreshold,
  type ThresholdOperator,
} from '@/hooks/use-snmp';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Badge, Card, ErrorText, SelectField } from '@/components/ui/controls';

const CELL = 'px-4 py-2';
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
const STATE_TONE = { ok: 'green', breached: 'red', unknown: 'slate' } as const;

export function SnmpThresholdsCard({ deviceId }: { deviceId: string }) {
  const thresholds = useSnmpThresholds(deviceId);
  const values = useSnmpValues(deviceId);
  const create = useCreateSnmpThreshold();
  const update = useUpdateSnmpThreshold();
  const remove = useDeleteSnmpThreshold();
  const canWrite = useCan('alerts:write');
  const numeric = (values.data?.data ?? []).filter((v) => v.type !== 'string');
  const [v, setV] = useState({ oid: '', name: '', operator: 'gt' as ThresholdOperator, value: '', severity: 'medium' as (typeof SEVERITIES)[number] });
  const names = new Map((values.data?.data ?? []).map((x) => [x.oid, x.name]));
  const rows = thresholds.data?.data ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { deviceId, oid: v.oid, name: v.name || names.get(v.oid) || null, operator: v.operator, value: Number(v.value), severity: v.severity },
      { onSuccess: () => setV((s) => ({ ...s, oid: '', name: '', value: '' })) },
    );
  };

  return (
    <Card title="Thresholds">
      <div className="space-y-3">
        <ErrorText error={thresholds.error ?? update.error ?? remove.error} />
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No thresholds on this device. A breached threshold raises an alert; the first poll back within bounds resolves it.</p>
        ) : (
          <DataTable label="SNMP thresholds" columns={['Name', 'Condition', 'Severity', 'State', 'Last value', { label: 'Actions', hidden: true }]}>
            {rows.map((t) => (
              <tr key={t.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={CELL}>
                  {t.name ?? names.get(t.oid) ?? t.oid}
                  <div className="font-mono text-xs text-slate-500">{t.oid}</div>
                </td>
                <td className={CELL}>
                  {THRESHOLD_OPERATORS[t.operator]} {t.value}
                </td>
                <td className={CELL}>{t.severity}</td>
                <td className={CELL}>
                  <Badge tone={t.enabled ? STATE_TONE[t.state] : 'slate'}>{t.enabled ? t.state : 'disabled'}</Badge>
                </td>
                <td className={`${CELL} text-xs`}>
                  {t.lastValue ?? '—'}
                  {t.lastEvaluatedAt && <div className="text-slate-500">{formatDate(t.lastEvaluatedAt)}</div>}
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {canWrite && (
                    <>
                      <Button variant="secondary" onClick={() => update.mutate({ id: t.id, body: { enabled: !t.enabled } })}>{t.enabled ? 'Disable' : 'Enable'}</Button>{' '}
                      <Button variant="danger" aria-label={`Delete threshold ${t.name ?? t.oid}`} onClick={() => remove.mutate(t.id)}>Delete</Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {canWrite && (
          <form className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-6 dark:border-slate-800" onSubmit={submit} aria-label="Add threshold">
            <div className="sm:col-span-2">
              <SelectField label="OID" required value={v.oid} onChange={(e) => setV({ ...v, oid: e.target.value })}>
                <option value="">{numeric.length ? 'Choose a polled value…' : 'Poll the device first'}</option>
                {numeric.map((x) => (
                  <option key={x.oid} value={x.oid}>
                    {x.name} ({x.oid})
                  </option>
                ))}
              </SelectField>
            </div>
            <Field label="Threshold name" value={v.name} placeholder="Optional" onChange={(e) => setV({ ...v, name: e.target.value })} />
            <SelectField label="Operator" value={v.operator} onChange={(e) => setV({ ...v, operator: e.target.value as ThresholdOperator })}>
              {(Object.keys(THRESHOLD_OPERATORS) as ThresholdOperator[]).map((op) => (
                <option key={op} value={op}>{THRESHOLD_OPERATORS[op]}</option>
              ))}
            </SelectField>
            <Field label="Value" required inputMode="decimal" value={v.value} onChange={(e) => setV({ ...v, value: e.target.value })} />
            <SelectField label="Severity" value={v.severity} onChange={(e) => setV({ ...v, severity: e.target.value as (typeof SEVERITIES)[number] })}>
              {SEVERITIES.map((s) => <option key={s} value={s}>{s}</option>)}
            </SelectField>
            <div className="sm:col-span-6">
              <ErrorText error={create.error} />
              <Button type="submit" disabled={create.isPending || !v.oid || v.value === ''}>Add threshold</Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}

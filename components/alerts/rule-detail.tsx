'use client';

// One alert rule: its settings, enable/disable, edit, delete (its alerts are kept) and a dry
// run against the latest heartbeats or hypothetical values.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useAlertRule, useDeleteAlertRule, useSaveAlertRule, useTestAlertRule, type AlertRule } from '@/hooks/use-alert-config';
import { useCan } from '@/hooks/use-me';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Badge, Card, ErrorText, PageHeader } from '@/components/ui/controls';
import { describeCondition } from '@/components/alerts/condition-fields';
import { RuleForm } from '@/components/alerts/rule-form';
import { ConfirmButton, EnabledBadge, messageOf, SeverityBadge, useScopeName } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf, type FieldErrors } from '@/lib/client/field-errors';

function TestRule({ rule }: { rule: AlertRule }) {
  const test = useTestAlertRule(rule.id);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const metric = rule.condition.type === 'metric' ? rule.condition.metric : null;
  const metricKey = metric ? (`${metric}Percent` as const) : null;
  const [value, setValue] = useState('');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setError(null);
    try {
      await test.mutateAsync(metricKey && value !== '' ? { metrics: { [metricKey]: Number(value) } } : {});
    } catch (err) {
      setErrors(fieldErrorsOf(err, 'path'));
      setError(messageOf(err, 'The test failed'));
    }
  }

  const r = test.data;
  return (
    <Card title="Test rule">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" aria-label="Test rule">
        {metricKey && (
          <div className="w-56">
            <Field label={`Hypothetical ${metric} %`} type="number" min={0} max={100} step="any" value={value} onChange={(e) => setValue(e.target.value)} hint="Empty: each device's latest heartbeat" error={errors[`metrics.${metricKey}`]} />
          </div>
        )}
        <Button type="submit" disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Test rule'}
        </Button>
      </form>
      <FormError message={error} />
      {r && (
        <div className="mt-3 space-y-2 text-sm" data-testid="rule-test-result" role="status">
          <p>
            <strong>{r.matches.filter((m) => m.matched).length}</strong> of {r.evaluated} device{r.evaluated === 1 ? '' : 's'} would match. <span className="text-slate-500">{r.note}</span>
          </p>
          {r.evaluated === 0 && <p className="text-slate-500">No device in the rule scope yet: enroll one, or widen the scope.</p>}
          {r.matches.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-left text-slate-500">
                  <tr>
                    <th className="py-1 pr-3 font-medium">Device</th>
                    <th className="py-1 pr-3 font-medium">Result</th>
                    <th className="py-1 pr-3 font-medium">Value</th>
                    <th className="py-1 font-medium">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {r.matches.map((m) => (
                    <tr key={m.deviceId} className="border-t border-slate-100 dark:border-slate-800">
                      <td className="py-1 pr-3"><Link className="text-brand-700 hover:underline dark:text-brand-100" href={`/devices/${m.deviceId}`}>{m.hostname}</Link></td>
                      <td className="py-1 pr-3"><Badge tone={m.matched ? 'red' : 'green'}>{m.matched ? 'would alert' : 'no alert'}</Badge></td>
                      <td className="py-1 pr-3">{m.value ?? '—'}</td>
                      <td className="py-1 text-slate-500">{m.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

export function RuleDetail({ id }: { id: string }) {
  const rule = useAlertRule(id);
  const canWrite = useCan('alerts:write');
  const save = useSaveAlertRule(id);
  const remove = useDeleteAlertRule();
  const router = useRouter();
  const scopeName = useScopeName();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const r = rule.data;
  useBreadcrumbLabel(id, r?.name);

  if (rule.isError) return <ErrorText error={rule.error} />;
  if (!r) return <p role="status">Loading…</p>;

  const t = r.targets;
  const scope = [t.orgIds.length && `${t.orgIds.length} organization(s)`, t.siteIds.length && `${t.siteIds.length} site(s)`, t.groupIds.length && `${t.groupIds.length} group(s)`, t.deviceIds.length && `${t.deviceIds.length} device(s)`].filter(Boolean).join(', ');
  return (
    <div className="space-y-4">
      <PageHeader
        title={r.name}
        description={r.description ?? undefined}
        actions={
          <>
            <EnabledBadge enabled={r.enabled} />
            {canWrite && (
              <>
                <Button variant="secondary" disabled={save.isPending} onClick={() => save.mutate({ enabled: !r.enabled }, { onError: (e) => setError(messageOf(e)) })}>
                  {r.enabled ? 'Disable' : 'Enable'}
                </Button>
                {!editing && <Button onClick={() => setEditing(true)}>Edit</Button>}
                <ConfirmButton
                  label="Delete"
                  title={`Delete rule ${r.name}?`}
                  confirmLabel="Delete rule"
                  busy={remove.isPending}
                  onConfirm={() => remove.mutateAsync(id).then(() => router.push('/alerts/rules'), (e) => setError(messageOf(e)))}
                >
                  The rule stops raising alerts. Alerts it already raised are kept.
                </ConfirmButton>
              </>
            )}
          </>
        }
      />
      <FormError message={error} />
      {editing ? (
        <RuleForm rule={r} onDone={() => setEditing(false)} />
      ) : (
        <Card title="Settings">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div><dt className="text-slate-500">Condition</dt><dd>{describeCondition(r.condition)}</dd></div>
            <div><dt className="text-slate-500">Severity</dt><dd><SeverityBadge severity={r.severity} /></dd></div>
            <div><dt className="text-slate-500">Owner</dt><dd>{scopeName(r.orgId)}</dd></div>
            <div><dt className="text-slate-500">Scope</dt><dd>{scope || 'Every device in the owner scope'}</dd></div>
            <div><dt className="text-slate-500">Auto-resolve</dt><dd>{r.autoResolve ? 'When the condition clears' : 'No (resolve by hand)'}</dd></div>
            <div><dt className="text-slate-500">Cooldown</dt><dd>{r.cooldownMinutes} min</dd></div>
            <div><dt className="text-slate-500">Open alerts</dt><dd>{r.openAlerts ?? 0} {(r.openAlerts ?? 0) > 0 && <Link className="text-brand-700 hover:underline dark:text-brand-100" href="/alerts">see the inbox</Link>}</dd></div>
            {r.templateId && <div><dt className="text-slate-500">From template</dt><dd className="font-mono text-xs">{r.templateId}</dd></div>}
          </dl>
        </Card>
      )}
      <TestRule rule={r} />
    </div>
  );
}

'use client';

// Create or edit a network monitor (HTTP, TCP, DNS, TLS). The kind is fixed once created; a
// changed configuration is sent whole, as the API expects.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { MONITOR_KIND_LABELS, MONITOR_KINDS, useSaveMonitor, type Monitor, type MonitorKind } from '@/hooks/use-monitors';
import { ALERT_SEVERITIES } from '@/hooks/use-alerts';
import { useMe } from '@/hooks/use-me';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, SelectField } from '@/components/ui/controls';
import { Checkbox, messageOf } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf, type FieldErrors } from '@/lib/client/field-errors';
import { changedFields } from '@/lib/client/changed-fields';

type Values = Record<string, string>;
const n = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

function toConfig(kind: MonitorKind, v: Values): Record<string, unknown> {
  const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== ''));
  switch (kind) {
    case 'http':
      return defined({
        url: v.url ?? '',
        method: v.method || 'GET',
        expectedStatusCodes: (v.expectedStatusCodes ?? '').split(/[\s,]+/).filter(Boolean).map(Number),
        keyword: v.keyword,
        maxLatencyMs: n(v.maxLatencyMs),
      });
    case 'tcp':
      return { host: v.host ?? '', port: n(v.port) ?? Number.NaN };
    case 'dns':
      return defined({ hostname: v.hostname ?? '', recordType: v.recordType || 'A', expected: v.expected });
    case 'tls':
      return defined({ host: v.host ?? '', port: n(v.port), minDaysValid: n(v.minDaysValid), servername: v.servername });
  }
}

function fromConfig(c: Record<string, unknown>): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(c)) out[k] = Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '' : String(v);
  return out;
}

function ConfigFields({ kind, values, set, errors }: { kind: MonitorKind; values: Values; set: (k: string, v: string) => void; errors: FieldErrors }) {
  const bind = (k: string) => ({ value: values[k] ?? '', onChange: (e: { target: { value: string } }) => set(k, e.target.value), error: errors[`config.${k}`] ?? (k === 'hostname' ? errors['config.host'] : undefined) ?? (k === 'url' || k === 'host' || k === 'hostname' ? errors.config : undefined) });
  switch (kind) {
    case 'http':
      return (
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="URL" type="url" required placeholder="https://status.example.com/health" {...bind('url')} />
          <SelectField label="Method" {...bind('method')}>
            <option value="GET">GET</option>
            <option value="HEAD">HEAD</option>
          </SelectField>
          <Field label="Expected status codes" placeholder="200, 204" {...bind('expectedStatusCodes')} hint="Empty: any 2xx or 3xx" />
          <Field label="Keyword" {...bind('keyword')} hint="Optional: the body must contain it" />
          <Field label="Maximum latency (ms)" type="number" min={1} max={120000} {...bind('maxLatencyMs')} hint="Optional: slower counts as down" />
        </div>
      );
    case 'tcp':
      return (
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Host" required placeholder="mail.example.com" {...bind('host')} />
          <Field label="Port" type="number" min={1} max={65535} required {...bind('port')} />
        </div>
      );
    case 'dns':
      return (
        <div className="grid gap-3 md:grid-cols-3">
          <Field label="Hostname" required placeholder="www.example.com" {...bind('hostname')} />
          <SelectField label="Record type" {...bind('recordType')}>
            {['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'].map((t) => (
              <option key={t}>{t}</option>
            ))}
          </SelectField>
          <Field label="Expected answer" {...bind('expected')} hint="Optional: equals (A/AAAA) or contains" />
        </div>
      );
    case 'tls':
      return (
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Host" required placeholder="www.example.com" {...bind('host')} />
          <Field label="Port" type="number" min={1} max={65535} placeholder="443" {...bind('port')} />
          <Field label="Minimum days valid" type="number" min={0} max={3650} placeholder="14" {...bind('minDaysValid')} hint="Down when the certificate expires sooner" />
          <Field label="Server name (SNI)" {...bind('servername')} hint="Optional: when it differs from the host" />
        </div>
      );
  }
}

export function MonitorForm({ monitor, onDone }: { monitor?: Monitor; onDone?: () => void }) {
  const router = useRouter();
  const me = useMe();
  const orgs = useAllOrganizations();
  const { orgId: currentOrg } = useCurrentOrg();
  const save = useSaveMonitor(monitor?.id);
  const orgScoped = me.data?.scope === 'organization';
  const [name, setName] = useState(monitor?.name ?? '');
  const [kind, setKind] = useState<MonitorKind>(monitor?.kind ?? 'http');
  const [orgId, setOrgId] = useState(currentOrg ?? '');
  const [values, setValues] = useState<Values>(monitor ? fromConfig(monitor.config) : {});
  const [intervalSeconds, setIntervalSeconds] = useState(String(monitor?.intervalSeconds ?? 300));
  const [timeoutMs, setTimeoutMs] = useState(String(monitor?.timeoutMs ?? 10000));
  const [severity, setSeverity] = useState<string>(monitor?.severity ?? 'high');
  const [failureThreshold, setFailureThreshold] = useState(String(monitor?.failureThreshold ?? 1));
  const [enabled, setEnabled] = useState(monitor?.enabled ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pickedOrg = orgId || orgs.data?.[0]?.id || '';

  const num = (v: string) => (v === '' ? Number.NaN : Number(v));
  const common = { name, intervalSeconds: num(intervalSeconds), timeoutMs: num(timeoutMs), severity: severity as Monitor['severity'], failureThreshold: num(failureThreshold), enabled, config: toConfig(kind, values) };
  // Editing sends only what differs from the stored monitor; creating sends everything.
  const changes = monitor
    ? changedFields<typeof common>(
        { name: monitor.name, intervalSeconds: monitor.intervalSeconds, timeoutMs: monitor.timeoutMs, severity: monitor.severity, failureThreshold: monitor.failureThreshold, enabled: monitor.enabled, config: toConfig(monitor.kind, fromConfig(monitor.config)) },
        common,
      )
    : null;
  const canSave = changes ? Object.keys(changes).length > 0 : orgScoped || orgs.data !== undefined;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    if (!canSave) return;
    try {
      const saved = await save.mutateAsync(changes ?? { ...common, kind, ...(orgScoped ? {} : { orgId: pickedOrg }) });
      if (onDone) onDone();
      else router.push(`/alerts/monitors/${saved.id}`);
    } catch (err) {
      setErrors(fieldErrorsOf(err, 'path'));
      setFormError(messageOf(err, 'Could not save the monitor'));
    }
  }

  return (
    <Card title={monitor ? 'Edit monitor' : 'New monitor'}>
      <form onSubmit={onSubmit} className="space-y-4" aria-label={monitor ? 'Edit monitor' : 'New monitor'} noValidate>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus={!monitor} />
          {!monitor && (
            <SelectField
              label="Kind"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as MonitorKind);
                setValues({});
              }}
            >
              {MONITOR_KINDS.map((k) => (
                <option key={k} value={k}>
                  {MONITOR_KIND_LABELS[k]}
                </option>
              ))}
            </SelectField>
          )}
          {!monitor && !orgScoped && (
            <SelectField label="Organization" value={pickedOrg} disabled={!orgs.data} onChange={(e) => setOrgId(e.target.value)} error={errors.orgId}>
              {orgs.data ? (
                orgs.data.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))
              ) : (
                <option value="" disabled>
                  Loading…
                </option>
              )}
            </SelectField>
          )}
        </div>
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">{MONITOR_KIND_LABELS[kind]} check</legend>
          <ConfigFields kind={kind} values={values} set={(k, v) => setValues((x) => ({ ...x, [k]: v }))} errors={errors} />
        </fieldset>
        <div className="grid gap-3 md:grid-cols-4">
          <Field label="Interval (seconds)" type="number" min={1} value={intervalSeconds} onChange={(e) => setIntervalSeconds(e.target.value)} error={errors.intervalSeconds} />
          <Field label="Timeout (ms)" type="number" min={100} max={60000} value={timeoutMs} onChange={(e) => setTimeoutMs(e.target.value)} error={errors.timeoutMs} />
          <Field label="Failures before alerting" type="number" min={1} max={20} value={failureThreshold} onChange={(e) => setFailureThreshold(e.target.value)} error={errors.failureThreshold} />
          <SelectField label="Alert severity" value={severity} onChange={(e) => setSeverity(e.target.value)} error={errors.severity}>
            {ALERT_SEVERITIES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </SelectField>
        </div>
        <Checkbox label="Enabled" checked={enabled} onChange={setEnabled} />
        <FormError message={formError} />
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending || !canSave}>
            {save.isPending ? 'Saving…' : changes && !canSave ? 'No changes' : monitor ? 'Save monitor' : 'Create monitor'}
          </Button>
          <Button type="button" variant="secondary" onClick={() => (onDone ? onDone() : router.push('/alerts/monitors'))}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

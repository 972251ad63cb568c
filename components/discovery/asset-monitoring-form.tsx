'use client';

// How a discovered asset is monitored: on or off, the ports watched by TCP monitors, how often
// and at which severity, and for an asset that answered SNMP whether an SNMP device polls it and
// with which template. Saving while monitoring is on applies the change to the monitors at once.
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useAssetMonitoring, usePatchMonitoring, type AssetMonitoring, type DiscoveryAsset } from '@/hooks/use-discovery';
import { useSnmpTemplates } from '@/hooks/use-snmp';
import { ALERT_SEVERITIES } from '@/hooks/use-alerts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ErrorText, SelectField } from '@/components/ui/controls';

export function AssetMonitoringPanel({ asset, canManage, onDone }: { asset: DiscoveryAsset; canManage: boolean; onDone: () => void }) {
  const monitoring = useAssetMonitoring(asset.id);
  if (monitoring.error) return <ErrorText error={monitoring.error} />;
  if (!monitoring.data) return <p className="text-sm text-slate-500">Loading…</p>;
  return <MonitoringForm asset={asset} current={monitoring.data} canManage={canManage} onDone={onDone} />;
}

function MonitoringForm({ asset, current, canManage, onDone }: { asset: DiscoveryAsset; current: AssetMonitoring; canManage: boolean; onDone: () => void }) {
  const patch = usePatchMonitoring();
  const templates = useSnmpTemplates();
  const s = current.settings;
  const [v, setV] = useState({
    enabled: current.enabled,
    ports: s.ports.join(', '),
    intervalSeconds: String(s.intervalSeconds),
    severity: s.severity,
    snmp: s.snmp,
    snmpTemplateId: s.snmpTemplateId ?? '',
  });
  const set = (p: Partial<typeof v>) => setV((x) => ({ ...x, ...p }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    patch.mutate(
      {
        id: asset.id,
        body: {
          enabled: v.enabled,
          ports: v.ports.split(/[\s,]+/).filter(Boolean).map(Number),
          intervalSeconds: Number(v.intervalSeconds),
          severity: v.severity,
          snmp: v.snmp,
          snmpTemplateId: v.snmpTemplateId || null,
        },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form className="space-y-3" onSubmit={submit} aria-label={`Monitoring of ${asset.ip}`}>
      <p className="text-sm" data-testid="monitoring-state">
        {current.enabled ? `Monitored: ${current.monitorIds.length} TCP monitor${current.monitorIds.length === 1 ? '' : 's'}` : 'Not monitored.'}
        {current.snmpDeviceId && (
          <>
            {' '}
            and an{' '}
            <Link className="text-brand-700 underline dark:text-brand-100" href={`/snmp/devices/${current.snmpDeviceId}`}>
              SNMP device
            </Link>
            .
          </>
        )}
      </p>
      <fieldset disabled={!canManage} className="space-y-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={v.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Monitoring enabled
        </label>
        <Field label="Ports to watch" hint="One TCP monitor per port, at most 20" value={v.ports} onChange={(e) => set({ ports: e.target.value })} />
        <Field label="Check every (seconds)" inputMode="numeric" required value={v.intervalSeconds} onChange={(e) => set({ intervalSeconds: e.target.value })} />
        <SelectField label="Alert severity" value={v.severity} onChange={(e) => set({ severity: e.target.value as typeof v.severity })}>
          {ALERT_SEVERITIES.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={v.snmp} disabled={!asset.snmpCapable} onChange={(e) => set({ snmp: e.target.checked })} /> Poll over SNMP
          {!asset.snmpCapable && <span className="text-xs text-slate-500">(the asset did not answer SNMP)</span>}
        </label>
        {v.snmp && asset.snmpCapable && (
          <SelectField label="SNMP template" value={v.snmpTemplateId} onChange={(e) => set({ snmpTemplateId: e.target.value })}>
            <option value="">None</option>
            {v.snmpTemplateId && !templates.data?.data.some((t) => t.id === v.snmpTemplateId) && <option value={v.snmpTemplateId}>Current template</option>}
            {templates.data?.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
        )}
      </fieldset>
      <ErrorText error={patch.error} />
      {canManage && (
        <Button type="submit" disabled={patch.isPending}>
          Save monitoring
        </Button>
      )}
    </form>
  );
}

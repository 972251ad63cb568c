'use client';

// Add or edit an SNMP device: address, credentials (v2c community or v3 authPriv user), the
// template of OIDs to poll and how often. On edit, credentials left empty stay as stored.
import { useState, type FormEvent } from 'react';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCreateSnmpDevice, useSnmpTemplates, useUpdateSnmpDevice, type SnmpCredentials, type SnmpDevice } from '@/hooks/use-snmp';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ErrorText, SelectField } from '@/components/ui/controls';
import { DevicePicker } from '@/components/devices/device-picker';

const AUTH = ['sha', 'sha256', 'sha512', 'md5'] as const;
const PRIV = ['aes', 'aes256b', 'aes256r', 'des'] as const;

export function SnmpDeviceForm({ device, onDone }: { device?: SnmpDevice; onDone: (d: SnmpDevice) => void }) {
  const { orgId: currentOrg } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const templates = useSnmpTemplates();
  const create = useCreateSnmpDevice();
  const update = useUpdateSnmpDevice();
  const [v, setV] = useState({
    orgId: device?.orgId ?? currentOrg ?? '',
    name: device?.name ?? '',
    host: device?.host ?? '',
    port: String(device?.port ?? 161),
    version: device?.version ?? 'v2c',
    community: '',
    username: device?.credentials.username ?? '',
    authProtocol: device?.credentials.authProtocol ?? 'sha',
    authKey: '',
    privProtocol: device?.credentials.privProtocol ?? 'aes',
    privKey: '',
    templateId: device?.templateId ?? '',
    pollIntervalSeconds: String(device?.pollIntervalSeconds ?? 60),
    enabled: device?.enabled ?? true,
    probeDeviceId: device?.probeDeviceId ?? '',
  });
  const set = (patch: Partial<typeof v>) => setV((s) => ({ ...s, ...patch }));
  const pending = create.isPending || update.isPending;

  const credentials = (): SnmpCredentials | undefined => {
    if (v.version === 'v2c') return v.community ? { version: 'v2c', community: v.community } : undefined;
    if (!v.authKey && !v.privKey && device) return undefined;
    return { version: 'v3', username: v.username, authProtocol: v.authProtocol as (typeof AUTH)[number], authKey: v.authKey, privProtocol: v.privProtocol as (typeof PRIV)[number], privKey: v.privKey };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const common = { name: v.name, host: v.host, port: Number(v.port), templateId: v.templateId || null, pollIntervalSeconds: Number(v.pollIntervalSeconds), enabled: v.enabled, probeDeviceId: v.probeDeviceId || null };
    const creds = credentials();
    if (device) update.mutate({ id: device.id, body: { ...common, ...(creds ? { credentials: creds } : {}) } }, { onSuccess: onDone });
    else create.mutate({ ...common, orgId: v.orgId || undefined, credentials: creds ?? { version: 'v2c', community: '' } }, { onSuccess: onDone });
  };

  return (
    <form className="space-y-3" onSubmit={submit} aria-label={device ? 'Edit SNMP device' : 'Add SNMP device'}>
      {!device && (orgs.data?.length ?? 0) > 1 && (
        <SelectField label="Organization" required value={v.orgId} onChange={(e) => set({ orgId: e.target.value })}>
          <option value="">Choose…</option>
          {orgs.data?.map((o) => (
            <option key={o.id} value={o.id}>{o.name}</option>
          ))}
        </SelectField>
      )}
      <Field label="Name" required value={v.name} onChange={(e) => set({ name: e.target.value })} />
      <div className="grid grid-cols-3 gap-3">
        <div className="col-span-2">
          <Field label="Host" hint="IP address or hostname" required value={v.host} onChange={(e) => set({ host: e.target.value })} />
        </div>
        <Field label="Port" inputMode="numeric" required value={v.port} onChange={(e) => set({ port: e.target.value })} />
      </div>
      <SelectField label="SNMP version" value={v.version} onChange={(e) => set({ version: e.target.value as 'v2c' | 'v3' })}>
        <option value="v2c">v2c (community)</option>
        <option value="v3">v3 (authPriv)</option>
      </SelectField>
      {v.version === 'v2c' ? (
        <Field label="Community" type="password" autoComplete="off" required={!device} hint={device ? 'Empty keeps the stored community' : undefined} value={v.community} onChange={(e) => set({ community: e.target.value })} />
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <div className="col-span-2">
            <Field label="Username" required value={v.username} onChange={(e) => set({ username: e.target.value })} />
          </div>
          <SelectField label="Authentication protocol" value={v.authProtocol} onChange={(e) => set({ authProtocol: e.target.value })}>
            {AUTH.map((p) => <option key={p} value={p}>{p.toUpperCase()}</option>)}
          </SelectField>
          <Field label="Authentication key" type="password" autoComplete="off" minLength={8} required={!device} value={v.authKey} onChange={(e) => set({ authKey: e.target.value })} />
          <SelectField label="Privacy protocol" value={v.privProtocol} onChange={(e) => set({ privProtocol: e.target.value })}>
            {PRIV.map((p) => <option key={p} value={p}>{p.toUpperCase()}</option>)}
          </SelectField>
          <Field label="Privacy key" type="password" autoComplete="off" minLength={8} required={!device} value={v.privKey} onChange={(e) => set({ privKey: e.target.value })} />
        </div>
      )}
      <SelectField label="Template" value={v.templateId} onChange={(e) => set({ templateId: e.target.value })}>
        <option value="">None (extra OIDs only)</option>
        {templates.data?.data.map((t) => (
          <option key={t.id} value={t.id}>{t.name}</option>
        ))}
      </SelectField>
      <Field label="Poll every (seconds)" hint="30 to 86,400" inputMode="numeric" value={v.pollIntervalSeconds} onChange={(e) => set({ pollIntervalSeconds: e.target.value })} />
      <DevicePicker
        label="Probe device"
        orgId={v.orgId || null}
        emptyLabel="None: the server polls"
        hint="None: the server polls the device. For a network the server cannot reach, an enrolled device of the same organization on that network: its agent polls."
        value={v.probeDeviceId}
        onChange={(probeDeviceId) => set({ probeDeviceId })}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={v.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Polling enabled
      </label>
      <ErrorText error={create.error ?? update.error} />
      <Button type="submit" disabled={pending}>{device ? 'Save' : 'Add device'}</Button>
    </form>
  );
}

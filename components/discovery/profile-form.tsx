'use client';

// Create or edit a discovery profile: subnets, ports, the SNMP credentials a scan tries (v2c
// communities and v3 authPriv users, in order), the schedule and the probe device whose agent
// scans. Secrets never come back from the server: on edit the stored credentials are named
// ("set") and kept unless the form replaces the whole list.
import { useState, type FormEvent } from 'react';
import { useCreateProfile, useUpdateProfile, type DiscoveryProfile } from '@/hooks/use-discovery';
import { useCurrentOrg } from '@/components/shell/current-org';
import { DevicePicker } from '@/components/devices/device-picker';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ErrorText, SelectField } from '@/components/ui/controls';

const AUTH = ['sha', 'sha256', 'sha512', 'md5'] as const;
const PRIV = ['aes', 'aes256b', 'aes256r', 'des'] as const;

type Draft =
  | { version: 'v2c'; community: string }
  | { version: 'v3'; username: string; authProtocol: (typeof AUTH)[number]; authKey: string; privProtocol: (typeof PRIV)[number]; privKey: string };

const list = (s: string) => s.split(/[\s,]+/).filter(Boolean);

export function ProfileForm({ profile, onDone }: { profile?: DiscoveryProfile; onDone: () => void }) {
  const { orgId } = useCurrentOrg();
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const [v, setV] = useState({
    name: profile?.name ?? '',
    subnets: profile?.subnets.join(', ') ?? '',
    ports: (profile?.ports ?? [22, 80, 443, 161, 9100]).join(', '),
    snmpPort: String(profile?.snmpPort ?? 161),
    probeDeviceId: profile?.probeDeviceId ?? '',
    schedule: profile?.scheduleIntervalMinutes ? String(profile.scheduleIntervalMinutes) : '',
    enabled: profile?.enabled ?? true,
  });
  // On edit the stored list is kept until the user chooses to replace it.
  const [replacing, setReplacing] = useState(!profile);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const set = (patch: Partial<typeof v>) => setV((s) => ({ ...s, ...patch }));
  const setDraft = (i: number, patch: Partial<Draft>) => setDrafts((d) => d.map((x, j) => (j === i ? ({ ...x, ...patch } as Draft) : x)));
  const mutation = profile ? update : create;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: v.name,
      subnets: list(v.subnets),
      ports: list(v.ports).map(Number),
      snmpPort: Number(v.snmpPort) || 161,
      probeDeviceId: v.probeDeviceId,
      scheduleIntervalMinutes: v.schedule ? Number(v.schedule) : null,
      enabled: v.enabled,
      ...(replacing ? { snmpCredentials: drafts } : {}),
    };
    if (profile) update.mutate({ id: profile.id, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };

  return (
    <form className="space-y-3" onSubmit={submit} aria-label={profile ? 'Edit discovery profile' : 'New discovery profile'}>
      <Field label="Name" required value={v.name} onChange={(e) => set({ name: e.target.value })} />
      <Field label="Subnets" hint="IPv4 CIDRs, at most 4,096 addresses in all" required value={v.subnets} placeholder="192.168.1.0/24" onChange={(e) => set({ subnets: e.target.value })} />
      <Field label="Ports" value={v.ports} onChange={(e) => set({ ports: e.target.value })} />
      <fieldset className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium">SNMP credentials</legend>
        <p className="text-xs text-slate-500">Tried in order on every address until one answers. Stored encrypted; never shown again.</p>
        {!replacing && profile && (
          <div className="space-y-2 text-sm">
            {profile.snmpCredentials.length === 0 ? (
              <p>None set.</p>
            ) : (
              <ul className="list-inside list-disc" aria-label="Stored SNMP credentials">
                {profile.snmpCredentials.map((c, i) => (
                  <li key={i}>{c.version === 'v2c' ? 'v2c community' : `v3 user ${c.username ?? ''}`}: set</li>
                ))}
              </ul>
            )}
            <Button type="button" variant="secondary" onClick={() => (setReplacing(true), setDrafts([]))}>
              Replace credentials
            </Button>
          </div>
        )}
        {replacing && (
          <div className="space-y-3">
            {drafts.map((d, i) => (
              <CredentialDraft key={i} index={i} draft={d} onChange={(patch) => setDraft(i, patch)} onRemove={() => setDrafts((all) => all.filter((_, j) => j !== i))} />
            ))}
            {profile && drafts.length === 0 && <p className="text-sm text-slate-500">Saving with no credential clears the stored ones.</p>}
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="secondary" disabled={drafts.length >= 10} onClick={() => setDrafts((d) => [...d, { version: 'v2c', community: '' }])}>
                Add v2c community
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={drafts.length >= 10}
                onClick={() => setDrafts((d) => [...d, { version: 'v3', username: '', authProtocol: 'sha', authKey: '', privProtocol: 'aes', privKey: '' }])}
              >
                Add v3 user
              </Button>
              {profile && (
                <Button type="button" variant="secondary" onClick={() => (setReplacing(false), setDrafts([]))}>
                  Keep stored credentials
                </Button>
              )}
            </div>
          </div>
        )}
      </fieldset>
      <Field label="SNMP port" inputMode="numeric" value={v.snmpPort} onChange={(e) => set({ snmpPort: e.target.value })} />
      <DevicePicker label="Probe device" required orgId={profile?.orgId ?? (orgId || null)} hint="The enrolled device whose agent scans; the profile belongs to its organization" value={v.probeDeviceId} onChange={(probeDeviceId) => set({ probeDeviceId })} />
      <Field label="Scan every (minutes)" hint="Empty: manual scans only" inputMode="numeric" value={v.schedule} onChange={(e) => set({ schedule: e.target.value })} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={v.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Profile enabled (scheduled and scannable)
      </label>
      <ErrorText error={mutation.error} />
      <Button type="submit" disabled={mutation.isPending}>
        {profile ? 'Save profile' : 'Create profile'}
      </Button>
    </form>
  );
}

function CredentialDraft({ index, draft: d, onChange, onRemove }: { index: number; draft: Draft; onChange: (patch: Partial<Draft>) => void; onRemove: () => void }) {
  const n = index + 1;
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-2 dark:bg-slate-800" role="group" aria-label={`Credential ${n}`}>
      <div className="flex items-center justify-between text-sm font-medium">
        <span>
          {n}. {d.version === 'v2c' ? 'v2c community' : 'v3 user (authPriv)'}
        </span>
        <button type="button" className="text-xs text-red-700 hover:underline dark:text-red-300" onClick={onRemove} aria-label={`Remove credential ${n}`}>
          Remove
        </button>
      </div>
      {d.version === 'v2c' ? (
        <Field label={`Community ${n}`} type="password" autoComplete="off" required value={d.community} onChange={(e) => onChange({ community: e.target.value })} />
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field label={`Username ${n}`} autoComplete="off" required value={d.username} onChange={(e) => onChange({ username: e.target.value })} />
          </div>
          <SelectField label={`Authentication protocol ${n}`} value={d.authProtocol} onChange={(e) => onChange({ authProtocol: e.target.value as (typeof AUTH)[number] })}>
            {AUTH.map((p) => (
              <option key={p} value={p}>
                {p.toUpperCase()}
              </option>
            ))}
          </SelectField>
          <Field label={`Authentication key ${n}`} type="password" autoComplete="off" minLength={8} required value={d.authKey} onChange={(e) => onChange({ authKey: e.target.value })} />
          <SelectField label={`Privacy protocol ${n}`} value={d.privProtocol} onChange={(e) => onChange({ privProtocol: e.target.value as (typeof PRIV)[number] })}>
            {PRIV.map((p) => (
              <option key={p} value={p}>
                {p.toUpperCase()}
              </option>
            ))}
          </SelectField>
          <Field label={`Privacy key ${n}`} type="password" autoComplete="off" minLength={8} required value={d.privKey} onChange={(e) => onChange({ privKey: e.target.value })} />
        </div>
      )}
    </div>
  );
}

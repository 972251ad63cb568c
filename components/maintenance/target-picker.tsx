'use client';

// Picks the devices something applies to: sites, device groups and devices (by hostname
// search) of one organization (or of every organization when orgId is empty), and optionally
// whole organizations. Used by the maintenance window form and the patch policy dialog.
import { useMemo, useState } from 'react';
import { useSites } from '@/hooks/use-organizations';
import { useGroups } from '@/hooks/use-groups';
import { useRuleTargetDevices } from '@/hooks/use-devices';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

export interface PickedTargets {
  orgIds: string[];
  siteIds: string[];
  groupIds: string[];
  devices: { id: string; name: string }[];
}

export const NO_TARGETS: PickedTargets = { orgIds: [], siteIds: [], groupIds: [], devices: [] };

const checkbox = 'flex items-center gap-2 text-sm';
const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

export function TargetPicker({ orgId, value, onChange, orgs }: { orgId: string; value: PickedTargets; onChange: (next: PickedTargets) => void; orgs?: { id: string; name: string }[] }) {
  const [search, setSearch] = useState('');
  const sites = useSites({ orgId: orgId || undefined });
  const groups = useGroups({ orgId: orgId || undefined });
  const candidates = useRuleTargetDevices(orgId || null, search);
  const picked = useMemo(() => new Set(value.devices.map((d) => d.id)), [value.devices]);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {orgs && orgs.length > 0 && (
        <div className="sm:col-span-2">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Organizations</p>
          <div className="flex flex-wrap gap-x-4">
            {orgs.map((o) => (
              <label key={o.id} className={checkbox}>
                <input type="checkbox" checked={value.orgIds.includes(o.id)} onChange={() => onChange({ ...value, orgIds: toggle(value.orgIds, o.id) })} /> {o.name}
              </label>
            ))}
          </div>
        </div>
      )}
      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Sites</p>
        {sites.data?.data.length ? (
          sites.data.data.map((s) => (
            <label key={s.id} className={checkbox}>
              <input type="checkbox" checked={value.siteIds.includes(s.id)} onChange={() => onChange({ ...value, siteIds: toggle(value.siteIds, s.id) })} /> {s.name}
            </label>
          ))
        ) : (
          <p className="text-xs text-slate-600 dark:text-slate-400">No sites</p>
        )}
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Device groups</p>
        {groups.data?.data.length ? (
          groups.data.data.map((g) => (
            <label key={g.id} className={checkbox}>
              <input type="checkbox" checked={value.groupIds.includes(g.id)} onChange={() => onChange({ ...value, groupIds: toggle(value.groupIds, g.id) })} /> {g.name}
            </label>
          ))
        ) : (
          <p className="text-xs text-slate-600 dark:text-slate-400">No groups</p>
        )}
      </div>
      <div className="sm:col-span-2">
        <Field label="Devices" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search hostnames" />
        <ul className="mt-1 max-h-40 overflow-y-auto text-sm" aria-label="Matching devices">
          {candidates.data?.data
            .filter((d) => !picked.has(d.id))
            .slice(0, 8)
            .map((d) => (
              <li key={d.id} className="flex items-center justify-between py-0.5">
                <span>{d.displayName ?? d.hostname}</span>
                <Button type="button" variant="secondary" onClick={() => onChange({ ...value, devices: [...value.devices, { id: d.id, name: d.displayName ?? d.hostname }] })} aria-label={`Add ${d.hostname}`}>
                  Add
                </Button>
              </li>
            ))}
        </ul>
        {value.devices.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Selected devices">
            {value.devices.map((d) => (
              <li key={d.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                {d.name}
                <button type="button" className="font-bold" aria-label={`Remove ${d.name}`} onClick={() => onChange({ ...value, devices: value.devices.filter((x) => x.id !== d.id) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

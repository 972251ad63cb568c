'use client';

// Which devices a deployment reaches: whole organizations, sites, device groups, shared saved
// filters and single devices picked by hostname. The server resolves them into per-device rows on
// initialize.
import { useMemo, useState } from 'react';
import { useSites } from '@/hooks/use-organizations';
import { useGroups } from '@/hooks/use-groups';
import { useRuleTargetDevices } from '@/hooks/use-devices';
import { useSavedFilters } from '@/hooks/use-filters';
import { useCan } from '@/hooks/use-me';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

export type DeploymentTargetsValue = { orgIds: string[]; siteIds: string[]; groupIds: string[]; deviceIds: string[]; filterIds: string[] };
/** Device names picked so far, kept beside the ids so the chips read as hostnames. */
export type PickedDevice = { id: string; name: string };

/**
 * The targets as "Group: Web servers" lines, named from the deployment's targetNames; an id the
 * server could not name (its record is gone) shows as a short id.
 */
export function targetLines(targets: DeploymentTargetsValue, names: Record<string, string>): string[] {
  const kinds: [keyof DeploymentTargetsValue, string][] = [
    ['orgIds', 'Organization'],
    ['siteIds', 'Site'],
    ['groupIds', 'Group'],
    ['deviceIds', 'Device'],
    ['filterIds', 'Saved filter'],
  ];
  return kinds.flatMap(([key, label]) => targets[key].map((id) => `${label}: ${names[id] ?? `${id.slice(0, 8)} (removed)`}`));
}

/** The loaded choices plus selected ids they lack (another organization, a later page), named from `names`. */
function withSelected(list: { id: string; name: string }[], selected: string[], names: Record<string, string>) {
  const known = new Set(list.map((x) => x.id));
  return [...list, ...selected.filter((id) => !known.has(id)).map((id) => ({ id, name: names[id] ?? id.slice(0, 8) }))];
}

const CHECKBOX = 'flex items-center gap-2 text-sm';
const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

export function DeploymentTargets({
  orgId,
  orgs,
  value,
  devices,
  onChange,
  error,
  names = {},
  withFilters = true,
}: {
  orgId: string;
  orgs: { id: string; name: string }[];
  value: DeploymentTargetsValue;
  devices: PickedDevice[];
  onChange: (value: DeploymentTargetsValue, devices: PickedDevice[]) => void;
  error?: string;
  /** Display names of already selected targets (the deployment's targetNames). */
  names?: Record<string, string>;
  /** False where saved filters are not a target kind (policy assignments). */
  withFilters?: boolean;
}) {
  const [search, setSearch] = useState('');
  const sites = useSites({ orgId: orgId || undefined });
  const groups = useGroups({ orgId: orgId || undefined });
  const candidates = useRuleTargetDevices(orgId || null, search);
  const picked = useMemo(() => new Set(devices.map((d) => d.id)), [devices]);
  const set = (patch: Partial<DeploymentTargetsValue>, nextDevices = devices) => onChange({ ...value, ...patch }, nextDevices);
  const orgChoices = withSelected(orgId ? orgs.filter((o) => o.id === orgId) : orgs, value.orgIds, names);
  const siteChoices = withSelected(sites.data?.data ?? [], value.siteIds, names);
  const groupChoices = withSelected(groups.data?.data ?? [], value.groupIds, names);
  // Only shared filters can be targets (whoever initializes the deployment must see them).
  const filters = useSavedFilters(useCan('filters:read') && withFilters);
  const filterChoices = withSelected((filters.data?.data ?? []).filter((f) => f.visibility === 'shared' && (!orgId || !f.orgId || f.orgId === orgId)), value.filterIds, names);

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Targets</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{orgId ? 'Whole organization' : 'Organizations'}</p>
          <div className="max-h-36 overflow-y-auto">
            {orgChoices.map((o) => (
              <label key={o.id} className={CHECKBOX}>
                <input type="checkbox" checked={value.orgIds.includes(o.id)} onChange={() => set({ orgIds: toggle(value.orgIds, o.id) })} /> {orgId ? `Every device of ${o.name}` : o.name}
              </label>
            ))}
          </div>
        </div>
        <div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Sites</p>
          <div className="max-h-36 overflow-y-auto">
            {siteChoices.length ? (
              siteChoices.map((s) => (
                <label key={s.id} className={CHECKBOX}>
                  <input type="checkbox" checked={value.siteIds.includes(s.id)} onChange={() => set({ siteIds: toggle(value.siteIds, s.id) })} /> {s.name}
                </label>
              ))
            ) : (
              <p className="text-xs text-slate-600 dark:text-slate-400">No sites</p>
            )}
          </div>
        </div>
        <div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Device groups</p>
          <div className="max-h-36 overflow-y-auto">
            {groupChoices.length ? (
              groupChoices.map((g) => (
                <label key={g.id} className={CHECKBOX}>
                  <input type="checkbox" checked={value.groupIds.includes(g.id)} onChange={() => set({ groupIds: toggle(value.groupIds, g.id) })} /> {g.name}
                </label>
              ))
            ) : (
              <p className="text-xs text-slate-600 dark:text-slate-400">No groups</p>
            )}
          </div>
        </div>
        {withFilters && <div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Saved filters</p>
          <div className="max-h-36 overflow-y-auto">
            {filterChoices.length ? (
              filterChoices.map((f) => (
                <label key={f.id} className={CHECKBOX}>
                  <input type="checkbox" checked={value.filterIds.includes(f.id)} onChange={() => set({ filterIds: toggle(value.filterIds, f.id) })} /> {f.name}
                </label>
              ))
            ) : (
              <p className="text-xs text-slate-600 dark:text-slate-400">No shared filters</p>
            )}
          </div>
        </div>}
      </div>
      <div>
        <Field label="Devices" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search hostnames" />
        {search && (
          <ul className="mt-1 max-h-40 overflow-y-auto text-sm" aria-label="Matching devices">
            {candidates.data?.data
              .filter((d) => !picked.has(d.id))
              .slice(0, 8)
              .map((d) => (
                <li key={d.id} className="flex items-center justify-between gap-2 py-0.5">
                  <span className="truncate">{d.displayName ?? d.hostname}</span>
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={`Add ${d.hostname}`}
                    onClick={() => {
                      const next = [...devices, { id: d.id, name: d.displayName ?? d.hostname }];
                      set({ deviceIds: next.map((x) => x.id) }, next);
                    }}
                  >
                    Add
                  </Button>
                </li>
              ))}
          </ul>
        )}
        {devices.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Selected devices">
            {devices.map((d) => (
              <li key={d.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                {d.name}
                <button
                  type="button"
                  className="font-bold"
                  aria-label={`Remove ${d.name}`}
                  onClick={() => {
                    const next = devices.filter((x) => x.id !== d.id);
                    set({ deviceIds: next.map((x) => x.id) }, next);
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}

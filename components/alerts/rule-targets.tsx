'use client';

// Which devices a rule watches: organizations (partner-wide rules), sites and devices. Empty
// lists mean the whole scope of the rule. Group ids set through the API are kept as they are.
import { useState } from 'react';
import type { RuleTargets } from '@/hooks/use-alert-config';
import { useRuleTargetDevices } from '@/hooks/use-devices';
import { useAllOrganizations, useSites } from '@/hooks/use-organizations';
import { INPUT_CLASS } from '@/components/ui/controls';
import { CheckList } from '@/components/alerts/alert-config-shared';
import { type FieldErrors } from '@/lib/client/field-errors';

export function RuleTargetsFields({ orgId, value, onChange, errors }: { orgId: string | null; value: RuleTargets; onChange: (t: RuleTargets) => void; errors: FieldErrors }) {
  const orgs = useAllOrganizations();
  const sites = useSites({ orgId: orgId ?? undefined });
  const [search, setSearch] = useState('');
  const devices = useRuleTargetDevices(orgId, search);
  // Selected devices stay listed (and can be unticked) even when the search hides them.
  const listed = devices.data?.data ?? [];
  const extra = value.deviceIds.filter((id) => !listed.some((d) => d.id === id)).map((id) => ({ id, label: `${id.slice(0, 8)}… (selected)` }));
  const whole = !value.orgIds.length && !value.siteIds.length && !value.groupIds.length && !value.deviceIds.length;

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Scope</legend>
      <p className="text-xs text-slate-500" aria-live="polite">
        {whole ? (orgId ? 'Every device of the organization.' : 'Every device of every organization.') : 'A device matches when it is in any ticked organization or site, or is ticked itself.'}
      </p>
      {orgId === null && (
        <CheckList legend="Organizations" items={(orgs.data ?? []).map((o) => ({ id: o.id, label: o.name }))} value={value.orgIds} onChange={(orgIds) => onChange({ ...value, orgIds })} empty="No organizations yet." error={errors['targets.orgIds']} />
      )}
      {orgId !== null && (
        <CheckList legend="Sites" items={(sites.data?.data ?? []).map((s) => ({ id: s.id, label: s.name }))} value={value.siteIds} onChange={(siteIds) => onChange({ ...value, siteIds })} empty="This organization has no sites." error={errors['targets.siteIds']} />
      )}
      <div className="space-y-1">
        <input type="search" aria-label="Search devices" placeholder="Search devices by hostname" value={search} onChange={(e) => setSearch(e.target.value)} className={INPUT_CLASS} />
        <CheckList
          legend="Devices"
          items={[...listed.map((d) => ({ id: d.id, label: d.displayName || d.hostname, hint: d.status })), ...extra]}
          value={value.deviceIds}
          onChange={(deviceIds) => onChange({ ...value, deviceIds })}
          empty={search ? 'No device matches.' : 'No devices enrolled yet.'}
          error={errors['targets.deviceIds']}
        />
      </div>
      {value.groupIds.length > 0 && <p className="text-xs text-slate-500">Also {value.groupIds.length} device group(s), kept as set.</p>}
      {errors['targets.groupIds'] && (
        <p role="alert" className="text-xs text-red-600">
          {errors['targets.groupIds']}
        </p>
      )}
    </fieldset>
  );
}

'use client';

import { useId } from 'react';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useMe } from '@/hooks/use-me';
import { useCurrentOrg } from '@/components/shell/current-org';

export function OrgSwitcher() {
  const id = useId();
  const me = useMe();
  const orgs = useAllOrganizations();
  const { orgId, setOrgId, fixed } = useCurrentOrg();
  if (fixed) {
    return <span className="text-sm font-medium" data-testid="current-org">{me.data?.organization?.name}</span>;
  }
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Organization
      </label>
      <select
        id={id}
        value={orgId ?? ''}
        onChange={(e) => setOrgId(e.target.value || null)}
        data-testid="org-switcher"
        className="max-w-[8rem] rounded-md sm:max-w-[14rem] border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <option value="">All organizations{orgs.data ? ` (${orgs.data.length})` : ''}</option>
        {orgs.data?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

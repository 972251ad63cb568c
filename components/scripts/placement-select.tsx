'use client';

// Which library a new script lands in. Organization users have one choice (their organization),
// so the control is only shown to partner and system users.
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useMe } from '@/hooks/use-me';
import type { Placement } from '@/hooks/use-script-library';
import { SelectField } from '@/components/ui/controls';

export function placementOf(value: string, orgScoped: boolean): Placement {
  if (orgScoped) return { availability: 'org' };
  return value === 'partner' ? { availability: 'partner' } : { availability: 'org', orgId: value };
}

export function PlacementSelect({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const me = useMe();
  const orgs = useAllOrganizations();
  if (me.data?.scope === 'organization') return null;
  return (
    <SelectField label="Library" value={value} onChange={(e) => onChange(e.target.value)} hint="The partner library serves every organization" error={error}>
      <option value="partner">Partner library</option>
      {orgs.data?.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </SelectField>
  );
}

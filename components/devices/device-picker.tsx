'use client';

// Choose one enrolled device by name instead of typing its id: a search box over the devices
// the caller can see (of one organization when given) and the matches to pick from. The device
// already chosen stays listed (by its name) while the search does not find it.
import { useId, useState } from 'react';
import { useDeviceNames, useRuleTargetDevices } from '@/hooks/use-devices';
import { INPUT_CLASS } from '@/components/ui/field';

export function DevicePicker({
  label,
  value,
  onChange,
  orgId,
  hint,
  required,
  emptyLabel,
}: {
  label: string;
  value: string;
  onChange: (deviceId: string) => void;
  /** Only this organization's devices (null: every device in scope). */
  orgId?: string | null;
  hint?: string;
  required?: boolean;
  /** The choice meaning "no device" (omitted: a device must be chosen). */
  emptyLabel?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const devices = useRuleTargetDevices(orgId || null, search.trim());
  const found = devices.data?.data ?? [];
  const names = useDeviceNames(value && !found.some((d) => d.id === value) ? [value] : []);
  const chosenName = value ? names.data?.[value] : undefined;
  return (
    <fieldset className="space-y-1" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="block text-sm font-medium text-slate-700 dark:text-slate-300">{label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <input type="search" aria-label={`Find ${label.toLowerCase()}`} placeholder="Search by name…" value={search} onChange={(e) => setSearch(e.target.value)} className={INPUT_CLASS} />
        <select aria-label={label} required={required} value={value} onChange={(e) => onChange(e.target.value)} className={INPUT_CLASS}>
          <option value="">{emptyLabel ?? (devices.isFetching ? 'Searching…' : found.length ? 'Choose a device…' : 'No device matches')}</option>
          {value && !found.some((d) => d.id === value) && <option value={value}>{chosenName ?? 'Current device'}</option>}
          {found.map((d) => (
            <option key={d.id} value={d.id}>
              {d.displayName ?? d.hostname} ({d.osType ?? 'unknown OS'}, {d.status})
            </option>
          ))}
        </select>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

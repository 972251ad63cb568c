'use client';

// The device's edit form (display name, tags, site). It sends only what the user changed, so a
// field the form could not show faithfully (a site list still loading) is never written back.
import { useState, type FormEvent } from 'react';
import { useUpdateDevice, type Device } from '@/hooks/use-devices';
import { useSites } from '@/hooks/use-organizations';
import { changedFields, whenLoaded } from '@/lib/client/changed-fields';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Card, SelectField } from '@/components/ui/controls';

type DeviceEditValues = {
  displayName: string | null;
  tags: string[];
  siteId: string | null | undefined;
};

const valuesOf = (d: Device): DeviceEditValues => ({ displayName: d.displayName, tags: d.tags, siteId: d.siteId });
const parseTags = (text: string) => [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];

/** Re-mounted (by key) when the server's values of these fields change, not on every heartbeat. */
export function DeviceEditCard({ device }: { device: Device }) {
  const [saved, setSaved] = useState(false);
  return <DeviceEditForm key={`${device.displayName}|${device.tags.join(',')}|${device.siteId}`} device={device} saved={saved} setSaved={setSaved} />;
}

function DeviceEditForm({ device, saved, setSaved }: { device: Device; saved: boolean; setSaved: (v: boolean) => void }) {
  const initial = valuesOf(device);
  const sites = useSites({ orgId: device.orgId });
  const update = useUpdateDevice(device.id);
  const [displayName, setDisplayName] = useState(device.displayName ?? '');
  const [tags, setTags] = useState(device.tags.join(', '));
  const [siteId, setSiteId] = useState(device.siteId ?? '');
  const siteOptions = sites.data?.data;
  // The device's site can sit beyond the first page of sites: keep it selectable by id.
  const siteMissing = siteOptions !== undefined && device.siteId !== null && !siteOptions.some((s) => s.id === device.siteId);
  const changes = changedFields(initial, {
    displayName: displayName.trim() || null,
    tags: parseTags(tags),
    // Until the options have loaded the select cannot show the device's site; keep it as it is.
    siteId: whenLoaded(siteOptions !== undefined, siteId || null),
  });
  const dirty = Object.keys(changes).length > 0;
  const errors = fieldErrorsOf(update.error);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(false);
    if (!dirty) return;
    try {
      await update.mutateAsync(changes);
      setSaved(true);
    } catch {
      // Shown below from update.error.
    }
  }

  return (
    <Card title="Edit">
      <form className="space-y-3" aria-label="Edit device" onSubmit={submit}>
        <Field label="Display name" name="displayName" value={displayName} onChange={(e) => setDisplayName(e.target.value)} maxLength={255} error={errors.displayName} />
        <Field label="Tags" name="tags" value={tags} onChange={(e) => setTags(e.target.value)} hint="Comma-separated" error={errors.tags} />
        <SelectField
          label="Site"
          name="siteId"
          value={siteOptions ? siteId : ''}
          onChange={(e) => setSiteId(e.target.value)}
          disabled={!siteOptions}
          aria-busy={!siteOptions}
          error={errors.siteId ?? (sites.isError ? 'Sites could not be loaded; the site stays as it is.' : undefined)}
        >
          {siteOptions ? (
            <>
              <option value="">No site</option>
              {siteMissing && <option value={device.siteId ?? ''}>Current site</option>}
              {siteOptions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </>
          ) : (
            <option value="">Loading…</option>
          )}
        </SelectField>
        <FormError message={update.isError ? formErrorOf(update.error, ['displayName', 'tags', 'siteId'], 'Could not save') : null} />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={update.isPending || !dirty}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
          {saved && !dirty && (
            <span role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
              Saved
            </span>
          )}
        </div>
      </form>
    </Card>
  );
}

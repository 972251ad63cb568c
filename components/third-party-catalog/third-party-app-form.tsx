'use client';

// Create or edit a catalog entry: identity, per-platform update sources, inventory names, the
// latest version and the test device (any enrolled device, found by hostname).
import { useState, type FormEvent } from 'react';
import { useCreateThirdPartyApp, useUpdateThirdPartyApp, type ThirdPartyAppDetail } from '@/hooks/use-third-party-catalog';
import { useRuleTargetDevices } from '@/hooks/use-devices';
import { ApiError } from '@/lib/client/api-client';
import { MANAGERS_BY_OS } from '@/lib/software/package-managers';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { INLINE_INPUT_CLASS, TextAreaField } from '@/components/ui/controls';

type Os = keyof typeof MANAGERS_BY_OS;
const OSES: Os[] = ['windows', 'macos', 'linux'];
const NAME_HINT: Record<Os, string> = { windows: 'winget id, e.g. Mozilla.Firefox', macos: 'Homebrew cask or formula, e.g. firefox', linux: 'Package name, e.g. firefox-esr' };
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : e ? String(e) : null);

export function ThirdPartyAppForm({ app, onDone }: { app?: ThirdPartyAppDetail; onDone: (id: string) => void }) {
  const create = useCreateThirdPartyApp();
  const update = useUpdateThirdPartyApp();
  const mutation = app ? update : create;
  const [deviceSearch, setDeviceSearch] = useState('');
  const [deviceId, setDeviceId] = useState(app?.testDeviceId ?? '');
  const devices = useRuleTargetDevices(null, deviceSearch);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '').trim();
    const updateSource = Object.fromEntries(
      OSES.filter((os) => text(`name-${os}`)).map((os) => [os, { manager: text(`manager-${os}`), name: text(`name-${os}`) }]),
    ) as ThirdPartyAppDetail['updateSource'];
    const body = {
      name: text('name'),
      vendor: text('vendor'),
      category: text('category') || null,
      homepage: text('homepage') || null,
      description: text('description') || null,
      platforms: OSES.filter((os) => form.get(`platform-${os}`) || updateSource[os]),
      updateSource,
      inventoryMatch: text('inventoryMatch').split('\n').map((s) => s.trim()).filter(Boolean),
      latestVersion: text('latestVersion') || null,
      testDeviceId: deviceId || null,
    };
    const saved = app ? await update.mutateAsync({ id: app.id, body }) : await create.mutateAsync(body);
    onDone(saved.id);
  }

  return (
    <form className="space-y-3" aria-label={app ? 'Edit application' : 'Add application'} onSubmit={(e) => void submit(e).catch(() => undefined)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" required maxLength={255} defaultValue={app?.name} />
        <Field label="Vendor" name="vendor" required maxLength={255} defaultValue={app?.vendor} />
        <Field label="Category" name="category" maxLength={100} defaultValue={app?.category ?? ''} />
        <Field label="Homepage" name="homepage" type="url" maxLength={500} defaultValue={app?.homepage ?? ''} />
      </div>
      <TextAreaField label="Description" name="description" rows={2} maxLength={2000} defaultValue={app?.description ?? ''} />
      <fieldset className="space-y-2 text-sm">
        <legend className="font-medium">Platforms and update sources</legend>
        {OSES.map((os) => (
          <div key={os} className="flex flex-wrap items-end gap-2">
            <label className="inline-flex w-24 items-center gap-1">
              <input type="checkbox" name={`platform-${os}`} defaultChecked={app?.platforms.includes(os)} /> {os}
            </label>
            <select aria-label={`${os} package manager`} name={`manager-${os}`} defaultValue={app?.updateSource[os]?.manager} className={INLINE_INPUT_CLASS}>
              {MANAGERS_BY_OS[os].map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
            <input aria-label={`${os} package id`} name={`name-${os}`} placeholder={NAME_HINT[os]} defaultValue={app?.updateSource[os]?.name ?? ''} maxLength={200} className={`${INLINE_INPUT_CLASS} min-w-0 flex-1`} />
          </div>
        ))}
      </fieldset>
      <TextAreaField label="Inventory names" name="inventoryMatch" rows={2} defaultValue={app?.inventoryMatch.join('\n') ?? ''} hint="One per line, as device inventory reports it; a trailing * matches a prefix (Mozilla Firefox*)" />
      <Field label="Latest version" name="latestVersion" maxLength={100} defaultValue={app?.latestVersion ?? ''} placeholder="128.0.3" />
      <fieldset className="space-y-2 text-sm">
        <legend className="font-medium">Test device</legend>
        <input type="search" aria-label="Find a test device" placeholder="Search hostname…" value={deviceSearch} onChange={(e) => setDeviceSearch(e.target.value)} className={INLINE_INPUT_CLASS} />
        <select aria-label="Test device" value={deviceId} onChange={(e) => setDeviceId(e.target.value)} className={`${INLINE_INPUT_CLASS} ml-2 max-w-full`}>
          <option value="">None</option>
          {app?.testDevice && !devices.data?.data.some((d) => d.id === app.testDevice!.id) && <option value={app.testDevice.id}>{app.testDevice.hostname}</option>}
          {devices.data?.data.map((d) => (
            <option key={d.id} value={d.id}>
              {d.hostname} ({d.osType ?? 'unknown OS'})
            </option>
          ))}
        </select>
      </fieldset>
      <FormError message={errorText(mutation.error)} />
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : app ? 'Save' : 'Add application'}
        </Button>
      </div>
    </form>
  );
}

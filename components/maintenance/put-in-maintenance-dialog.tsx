'use client';

// "Put in maintenance" for the devices selected in the device list: a one-off window starting
// now for 1 h, 4 h, 24 h or a custom number of minutes, suppressing their alerts meanwhile.
// Self-contained (button and dialog) so the list only mounts it.
import { useState, type FormEvent } from 'react';
import { useCreateMaintenanceWindow } from '@/hooks/use-maintenance';
import { useCan } from '@/hooks/use-me';
import { fieldErrorsOf, messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';

const PRESETS = [
  { minutes: 60, label: '1 hour' },
  { minutes: 240, label: '4 hours' },
  { minutes: 1440, label: '24 hours' },
] as const;

export function PutInMaintenanceButton({ deviceIds, onDone }: { deviceIds: string[]; onDone?: () => void }) {
  const canWrite = useCan('devices:write');
  const [open, setOpen] = useState(false);
  if (!canWrite) return null;
  const n = deviceIds.length;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Put in maintenance…
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Put ${n} device${n === 1 ? '' : 's'} in maintenance`}>
        {open && (
          <PutInMaintenanceForm
            deviceIds={deviceIds}
            onDone={() => {
              setOpen(false);
              onDone?.();
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function PutInMaintenanceForm({ deviceIds, onDone }: { deviceIds: string[]; onDone: () => void }) {
  const create = useCreateMaintenanceWindow();
  const [choice, setChoice] = useState<string>('60');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const minutes = choice === 'custom' ? Number(f.get('customMinutes')) : Number(choice);
    setErrors({});
    setFormError(null);
    try {
      await create.mutateAsync({
        name: String(f.get('name') || '').trim() || `Maintenance of ${deviceIds.length} device${deviceIds.length === 1 ? '' : 's'}`,
        targets: { orgIds: [], siteIds: [], groupIds: [], deviceIds },
        startsAt: new Date().toISOString(),
        durationMinutes: minutes,
        suppressAlerts: f.get('suppressAlerts') === 'on',
      });
      onDone();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(messageOf(err, 'Could not start the maintenance'));
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Put in maintenance" noValidate>
      <Field label="Name" name="name" maxLength={255} placeholder={`Maintenance of ${deviceIds.length} device${deviceIds.length === 1 ? '' : 's'}`} error={errors.name} />
      <fieldset className="space-y-1 text-sm">
        <legend className="mb-1 font-medium text-slate-700 dark:text-slate-300">Starting now, for</legend>
        {PRESETS.map((p) => (
          <label key={p.minutes} className="flex items-center gap-2">
            <input type="radio" name="duration" checked={choice === String(p.minutes)} onChange={() => setChoice(String(p.minutes))} /> {p.label}
          </label>
        ))}
        <label className="flex items-center gap-2">
          <input type="radio" name="duration" checked={choice === 'custom'} onChange={() => setChoice('custom')} /> Custom
        </label>
      </fieldset>
      {choice === 'custom' && <Field label="Minutes" name="customMinutes" type="number" min={1} max={44640} defaultValue={120} required error={errors.durationMinutes} />}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="suppressAlerts" defaultChecked /> Suppress alerts of these devices meanwhile
      </label>
      {errors.targets && <p className="text-sm text-red-700 dark:text-red-300">{errors.targets}</p>}
      <FormError message={formError} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Starting…' : 'Start maintenance'}
      </Button>
    </form>
  );
}

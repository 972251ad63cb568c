'use client';

// The device's recent tickets and "new ticket for this device". Hidden entirely when the
// partner's service management mode is off (no tickets on any path), like the console's nav.
import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useCreateDeviceTicket, useDeviceTickets } from '@/hooks/use-device-cockpit';
import { useCan, useMe } from '@/hooks/use-me';
import { useMyPartner } from '@/hooks/use-partner';
import type { Device } from '@/hooks/use-devices';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Card, ErrorText, StatusBadge } from '@/components/ui/controls';
import { MUTED } from '@/components/devices/detail/format';

/** True when tickets may be shown: the partner's mode is known and not off (organization users have no partner read). */
export function useServiceManagementOn(): boolean {
  const me = useMe();
  const partner = useMyPartner(me.data?.scope === 'partner');
  if (me.data?.scope !== 'partner') return me.data !== undefined;
  return partner.data !== undefined && partner.data.serviceManagementMode !== 'off';
}

function NewTicketForm({ device, onDone }: { device: Device; onDone: () => void }) {
  const create = useCreateDeviceTicket(device);
  const errors = fieldErrorsOf(create.error);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    try {
      await create.mutateAsync({ subject: String(f.get('subject') ?? '').trim(), description: String(f.get('description') ?? '') });
      onDone();
    } catch {
      // Shown below from create.error.
    }
  }
  return (
    <form className="mb-3 space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-800" aria-label="New ticket for this device" onSubmit={submit}>
      <Field label="Subject" name="subject" required maxLength={255} defaultValue={`${device.displayName ?? device.hostname}: `} error={errors.subject} />
      <Field label="Description" name="description" maxLength={2000} error={errors.description} />
      <FormError message={create.isError ? formErrorOf(create.error, ['subject', 'description'], 'Could not create the ticket') : null} />
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create ticket'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function DeviceTickets({ device }: { device: Device }) {
  const on = useServiceManagementOn();
  const canRead = useCan('tickets:read');
  const canWrite = useCan('tickets:write');
  const tickets = useDeviceTickets(device.id, on && canRead);
  const [creating, setCreating] = useState(false);
  if (!on || !canRead) return null;
  return (
    <Card
      title="Recent tickets"
      actions={
        canWrite &&
        !creating && (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            New ticket for this device
          </Button>
        )
      }
    >
      {creating && <NewTicketForm device={device} onDone={() => setCreating(false)} />}
      <ErrorText error={tickets.error} />
      {!tickets.data && !tickets.error && <p role="status">Loading…</p>}
      {tickets.data && tickets.data.data.length === 0 && <p className={`text-sm ${MUTED}`}>No tickets about this device.</p>}
      <ul>
        {tickets.data?.data.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center gap-2 border-t border-slate-100 py-2 text-sm first:border-t-0 dark:border-slate-800" data-testid="device-ticket">
            <Link href={`/tickets/${t.id}`} className="min-w-0 font-medium break-words text-brand-700 hover:underline dark:text-brand-100">
              #{t.number} {t.subject}
            </Link>
            <StatusBadge status={t.status} />
            <span className={`ml-auto text-xs ${MUTED}`}>updated {formatRelative(t.updatedAt)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

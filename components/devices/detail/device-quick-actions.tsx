'use client';

// Quick actions on the device: run a library script, reboot, refresh inventory, scan for patches. They go through
// the existing script execution and command APIs, and land in the activity timeline.
import { useState, type FormEvent } from 'react';
import { useSendCommand, type Device } from '@/hooks/use-devices';
import { useExecuteScript, useScripts } from '@/hooks/use-scripts';
import { useRefreshDeviceActivity } from '@/hooks/use-device-cockpit';
import { usePatchScan } from '@/hooks/use-patches';
import { useCan } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/controls';
import { MUTED } from '@/components/devices/detail/format';

function RunScriptDialog({ device, onClose, onQueued }: { device: Device; onClose: () => void; onQueued: (note: string) => void }) {
  const scripts = useScripts({ page: 1, orgId: device.orgId });
  const usable = scripts.data?.data.filter((s) => !device.osType || s.osTypes.includes(device.osType));
  const [scriptId, setScriptId] = useState('');
  const chosen = scriptId || usable?.[0]?.id || '';
  const execute = useExecuteScript(chosen);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setProblem(null);
    try {
      const res = await execute.mutateAsync({ deviceIds: [device.id] });
      if (res.executions.length === 0) {
        setProblem(res.skipped[0] ? `Not queued: ${res.skipped[0].reason === 'OS_MISMATCH' ? 'the script does not run on this operating system' : 'the device is not active'}.` : (res.failed[0]?.message ?? 'Not queued.'));
        return;
      }
      onQueued(`Script “${res.executions[0].scriptName}” queued`);
      onClose();
    } catch {
      // Shown below from execute.error.
    }
  }

  return (
    <form className="space-y-3" aria-label="Run a script" onSubmit={submit}>
      {!usable && <p role="status">Loading scripts…</p>}
      {usable && usable.length === 0 && <p className={`text-sm ${MUTED}`}>No library script runs on this device’s operating system yet. Add one under Scripts.</p>}
      {usable && usable.length > 0 && (
        <SelectField label="Script" value={chosen} onChange={(e) => setScriptId(e.target.value)}>
          {usable.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
      )}
      <FormError message={problem ?? (execute.isError ? messageOf(execute.error, 'Could not run the script') : null)} />
      <div className="flex gap-2">
        <Button type="submit" disabled={!chosen || execute.isPending}>
          {execute.isPending ? 'Queuing…' : 'Run'}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RebootDialog({ device, onClose, onQueued }: { device: Device; onClose: () => void; onQueued: (note: string) => void }) {
  const send = useSendCommand(device.id);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
    try {
      await send.mutateAsync({ type: 'reboot', payload: { delaySeconds: 0, ...(reason ? { reason } : {}) } });
      onQueued('Reboot queued');
      onClose();
    } catch {
      // Shown below from send.error.
    }
  }
  return (
    <form className="space-y-3" aria-label="Reboot the device" onSubmit={submit}>
      <p className="text-sm">
        {device.displayName ?? device.hostname} restarts as soon as its agent picks up the command{device.lastUser ? `; ${device.lastUser} may lose unsaved work` : ''}.
      </p>
      <Field label="Reason (optional)" name="reason" maxLength={255} />
      <FormError message={send.isError ? messageOf(send.error, 'Could not queue the reboot') : null} />
      <div className="flex gap-2">
        <Button type="submit" variant="danger" disabled={send.isPending}>
          {send.isPending ? 'Queuing…' : 'Reboot now'}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const SCAN_SKIPS: Record<string, string> = {
  ALREADY_PENDING: 'a scan is already waiting for the agent',
  DEVICE_INACTIVE: 'the device is not active',
  UNSUPPORTED_OS: 'the agent scans Linux devices only',
};

export function DeviceQuickActions({ device }: { device: Device }) {
  const canExecute = useCan('devices:execute');
  const canScripts = useCan('scripts:read');
  const canPatch = useCan('patches:deploy');
  const refresh = useSendCommand(device.id);
  const scan = usePatchScan();
  const refreshActivity = useRefreshDeviceActivity(device.id);
  const [open, setOpen] = useState<'script' | 'reboot' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  if (!canExecute || device.status === 'decommissioned') return null;
  const queued = (text: string) => {
    setNote(text);
    refreshActivity();
  };
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Quick actions">
      {canScripts && (
        <Button variant="secondary" onClick={() => setOpen('script')}>
          Run script
        </Button>
      )}
      <Button variant="secondary" onClick={() => setOpen('reboot')}>
        Reboot
      </Button>
      <Button
        variant="secondary"
        disabled={refresh.isPending}
        onClick={() =>
          refresh.mutate(
            { type: 'refresh_inventory' },
            { onSuccess: () => queued('Inventory refresh queued'), onError: (err) => setNote(messageOf(err, 'Could not queue the inventory refresh')) },
          )
        }
      >
        Refresh inventory
      </Button>
      {canPatch && (
        <Button
          variant="secondary"
          disabled={scan.isPending}
          onClick={() =>
            scan.mutate([device.id], {
              onSuccess: (r) => (r.queued.length ? queued('Patch scan queued') : setNote(`Patch scan not queued: ${SCAN_SKIPS[r.skipped[0]?.reason ?? ''] ?? 'the device cannot scan'}.`)),
              onError: (err) => setNote(messageOf(err, 'Could not queue the patch scan')),
            })
          }
        >
          Scan for patches
        </Button>
      )}
      {note && (
        <span role="status" className={`text-sm ${MUTED}`} data-testid="quick-action-note">
          {note}
        </span>
      )}
      <Dialog open={open === 'script'} onClose={() => setOpen(null)} title="Run a script">
        <RunScriptDialog device={device} onClose={() => setOpen(null)} onQueued={queued} />
      </Dialog>
      <Dialog open={open === 'reboot'} onClose={() => setOpen(null)} title="Reboot this device?">
        <RebootDialog device={device} onClose={() => setOpen(null)} onQueued={queued} />
      </Dialog>
    </div>
  );
}

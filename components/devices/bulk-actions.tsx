'use client';

// The device list's bulk actions: one dialog per action, each showing its progress and results
// once sent. Destructive ones (reboot, move organization) say what happens and ask first. A new
// action is one entry of BULK_ACTIONS and one branch of BulkActionBody.
import { useState, type FormEvent } from 'react';
import { useBulkCommand, useMoveDevicesOrg, useTagDevices, useTags, type Device, type EachOutcome } from '@/hooks/use-devices';
import { useAddGroupDevices, useGroups } from '@/hooks/use-groups';
import { useExecuteScript, useScripts } from '@/hooks/use-scripts';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { ApiError } from '@/lib/client/api-client';
import { CommandForm } from '@/components/devices/command-form';
import { BulkOutcome, BulkProgress, type QueuedCommands } from '@/components/devices/bulk-progress';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/controls';

export type BulkKind = 'command' | 'reboot' | 'script' | 'group' | 'tag' | 'move';

/** The bulk bar's buttons, in order, with the permission each needs. */
export const BULK_ACTIONS: { kind: BulkKind; label: string; title: string; permission: 'devices:execute' | 'devices:write' }[] = [
  { kind: 'command', label: 'Run command…', title: 'Command', permission: 'devices:execute' },
  { kind: 'script', label: 'Run script…', title: 'Run a script on', permission: 'devices:execute' },
  { kind: 'reboot', label: 'Reboot…', title: 'Reboot', permission: 'devices:execute' },
  { kind: 'group', label: 'Add to group…', title: 'Add to a group:', permission: 'devices:write' },
  { kind: 'tag', label: 'Tag…', title: 'Tag', permission: 'devices:write' },
  { kind: 'move', label: 'Move organization…', title: 'Move', permission: 'devices:write' },
];

type Outcome = EachOutcome & { skipped?: number };
type Result = { queued: QueuedCommands } | { each: Outcome; verb: string };

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
const plural = (n: number) => `${n} device${n === 1 ? '' : 's'}`;

/** The body of a bulk action's dialog for `devices` (the selection, as loaded). */
export function BulkActionBody({ kind, devices, onClose }: { kind: BulkKind; devices: Device[]; onClose: () => void }) {
  const [result, setResult] = useState<Result | null>(null);
  const [progress, setProgress] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = devices.map((d) => d.id);
  const names = new Map(devices.map((d) => [d.id, d.displayName ?? d.hostname]));
  const name = (id: string) => names.get(id) ?? id.slice(0, 8);

  async function run(fn: () => Promise<Result>, fallback: string) {
    setError(null);
    try {
      setResult(await fn());
    } catch (err) {
      setError(message(err, fallback));
    }
  }

  const shown = result && 'each' in result ? result.each : progress;
  if (result || shown) {
    return (
      <div className="space-y-3">
        {result && 'queued' in result ? <BulkProgress result={result.queued} /> : shown && <BulkOutcome total={ids.length} outcome={shown} verb={result && 'each' in result ? result.verb : 'done'} name={name} />}
        {result && (
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        )}
      </div>
    );
  }

  const props = { ids, count: ids.length, run, setProgress, devices };
  return (
    <>
      {kind === 'command' && <CommandBody {...props} />}
      {kind === 'reboot' && <RebootBody {...props} onCancel={onClose} />}
      {kind === 'script' && <ScriptBody {...props} />}
      {kind === 'group' && <GroupBody {...props} />}
      {kind === 'tag' && <TagBody {...props} />}
      {kind === 'move' && <MoveBody {...props} onCancel={onClose} />}
      <FormError message={error ?? undefined} />
    </>
  );
}

interface BodyProps {
  ids: string[];
  count: number;
  devices: Device[];
  run: (fn: () => Promise<Result>, fallback: string) => Promise<void>;
  setProgress: (o: Outcome) => void;
}

function CommandBody({ ids, count, run }: BodyProps) {
  const bulk = useBulkCommand();
  return (
    <CommandForm
      busy={bulk.isPending}
      submitLabel={`Send to ${count}`}
      onSubmit={(input) => run(async () => ({ queued: await bulk.mutateAsync({ ...input, deviceIds: ids }) }), 'Could not send the command')}
    />
  );
}

function RebootBody({ ids, count, run, onCancel }: BodyProps & { onCancel: () => void }) {
  const bulk = useBulkCommand();
  return (
    <div className="space-y-3">
      <p className="text-sm">
        Reboot {plural(count)} now? Anyone signed in to them loses unsaved work. Offline devices reboot when they next check in.
      </p>
      <div className="flex gap-2">
        <Button variant="danger" disabled={bulk.isPending} onClick={() => void run(async () => ({ queued: await bulk.mutateAsync({ type: 'reboot', payload: {}, deviceIds: ids }) }), 'Could not send the reboot')}>
          Reboot {plural(count)}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function ScriptBody({ ids, count, run }: BodyProps) {
  const [search, setSearch] = useState('');
  const scripts = useScripts({ page: 1, search: search.trim() || undefined });
  const [scriptId, setScriptId] = useState('');
  const chosen = scriptId || scripts.data?.data[0]?.id || '';
  const execute = useExecuteScript(chosen);
  function submit(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      const res = await execute.mutateAsync({ deviceIds: ids });
      const commands = res.executions.flatMap((x) => (x.commandId ? [{ deviceId: x.deviceId, id: x.commandId, status: 'pending' as const }] : []));
      return { queued: { commands, skipped: res.skipped, failed: res.failed } };
    }, 'Could not run the script');
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Run a script">
      <Field label="Find a script" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <SelectField label="Script" value={chosen} onChange={(e) => setScriptId(e.target.value)} required>
        {scripts.data?.data.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <p className="text-xs text-slate-500">Parameters take their defaults (or each device’s custom field).</p>
      <Button type="submit" disabled={!chosen || execute.isPending}>
        Run on {plural(count)}
      </Button>
    </form>
  );
}

function GroupBody({ ids, count, run }: BodyProps) {
  const groups = useGroups({ type: 'static', page: 1 });
  const [groupId, setGroupId] = useState('');
  const chosen = groupId || groups.data?.data[0]?.id || '';
  const add = useAddGroupDevices(chosen);
  return (
    <form
      className="space-y-3"
      aria-label="Add to a group"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const res = await add.mutateAsync(ids);
          const failed = res.failed.map((f) => ({ deviceId: f.deviceId, message: f.message }));
          return { each: { done: ids.length, failed, skipped: res.skipped.length }, verb: 'added' };
        }, 'Could not add the devices');
      }}
    >
      <SelectField label="Static group" value={chosen} onChange={(e) => setGroupId(e.target.value)} required hint="Devices of another organization or site than the group’s are skipped">
        {groups.data?.data.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={!chosen || add.isPending}>
        Add {plural(count)}
      </Button>
    </form>
  );
}

function TagBody({ devices, count, run, setProgress }: BodyProps) {
  const tags = useTags();
  const tag = useTagDevices();
  const [value, setValue] = useState('');
  return (
    <form
      className="space-y-3"
      aria-label="Tag devices"
      onSubmit={(e) => {
        e.preventDefault();
        const t = value.trim();
        if (t) void run(async () => ({ each: await tag.mutateAsync({ devices, tag: t, onProgress: setProgress }), verb: 'tagged' }), 'Could not tag the devices');
      }}
    >
      <Field label="Tag" value={value} onChange={(e) => setValue(e.target.value)} list="bulk-tag-options" required maxLength={100} pattern="[^,]+" hint="Added to each device’s tags; no commas" />
      <datalist id="bulk-tag-options">
        {tags.data?.data.map((t) => (
          <option key={t.tag} value={t.tag} />
        ))}
      </datalist>
      <Button type="submit" disabled={tag.isPending}>
        Tag {plural(count)}
      </Button>
    </form>
  );
}

function MoveBody({ ids, count, devices, run, setProgress, onCancel }: BodyProps & { onCancel: () => void }) {
  const orgs = useAllOrganizations();
  const move = useMoveDevicesOrg();
  const [orgId, setOrgId] = useState('');
  const from = new Set(devices.map((d) => d.orgId));
  const targets = orgs.data?.filter((o) => !(from.size === 1 && from.has(o.id))) ?? [];
  const chosen = orgId || targets[0]?.id || '';
  return (
    <form
      className="space-y-3"
      aria-label="Move to another organization"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => ({ each: await move.mutateAsync({ deviceIds: ids, orgId: chosen, onProgress: setProgress }), verb: 'moved' }), 'Could not move the devices');
      }}
    >
      <SelectField label="Organization" value={chosen} onChange={(e) => setOrgId(e.target.value)} required>
        {targets.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </SelectField>
      <p className="text-sm">
        Moving {plural(count)} takes them out of their site and the groups of their current organization; their commands and inventory follow them. You may be asked for your MFA code.
      </p>
      <div className="flex gap-2">
        <Button type="submit" variant="danger" disabled={!chosen || move.isPending}>
          Move {plural(count)}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

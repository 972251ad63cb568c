'use client';

// The device's activity timeline (GET /devices/:id/activity): commands, script runs, alerts,
// changes and presence, newest first, narrowed by kind, older entries on demand.
import { useState } from 'react';
import { useDeviceActivity, type DeviceActivityEntry } from '@/hooks/use-device-cockpit';
import type { DeviceActivityKind } from '@/lib/devices/schemas';
import { formatDate, formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, StatusBadge } from '@/components/ui/controls';
import { MUTED } from '@/components/devices/detail/format';

const KIND_LABELS: Record<DeviceActivityKind, string> = { command: 'Commands', script: 'Scripts', alert: 'Alerts', change: 'Changes', presence: 'Online / offline' };
// The schema module is server-side (it reaches the settings), so the kinds come from the labels,
// which the type keeps complete.
const ACTIVITY_KINDS = Object.keys(KIND_LABELS) as DeviceActivityKind[];
const DOT: Record<DeviceActivityKind, string> = { command: 'bg-brand-600', script: 'bg-violet-600', alert: 'bg-red-600', change: 'bg-slate-500', presence: 'bg-emerald-600' };

const COMMAND_WORDS: Record<string, string> = { refresh_inventory: 'Inventory refresh', run_script: 'Script', reboot: 'Reboot', shutdown: 'Shutdown', self_uninstall: 'Agent uninstall' };
const CHANGE_WORDS: Record<string, string> = {
  'device.update': 'Device edited',
  'device.move_org': 'Moved to another organization',
  'device.decommission': 'Decommissioned',
  'device.provision': 'Provisioned',
  'device.custom_fields': 'Custom fields written',
};
const PRESENCE_WORDS: Record<string, string> = { 'device.online': 'Came online', 'device.offline': 'Went offline', 'device.enrolled': 'Agent enrolled' };

/** One readable line per entry. */
function describe(e: DeviceActivityEntry): string {
  switch (e.kind) {
    case 'command':
      return `${COMMAND_WORDS[e.title] ?? e.title.replace(/_/g, ' ')} command`;
    case 'script':
      return `Script “${e.title}” run`;
    case 'alert':
      return `Alert ${e.action.replace('alert.', '')}: ${e.title}`;
    case 'presence':
      return PRESENCE_WORDS[e.action] ?? e.action;
    default:
      return CHANGE_WORDS[e.action] ?? e.action.replace(/[._]/g, ' ');
  }
}

/** What changed, for device edits ({ changes: [{ field, from, to }] }). */
function changeDetail(e: DeviceActivityEntry): string | null {
  const changes = e.details.changes;
  if (!Array.isArray(changes)) return null;
  const show = (v: unknown) => (v === null || v === undefined ? 'none' : Array.isArray(v) ? v.join(', ') || 'none' : String(v));
  const parts = changes.filter((c): c is { field: string; from: unknown; to: unknown } => typeof c === 'object' && c !== null && 'field' in c).map((c) => `${c.field}: ${show(c.from)} → ${show(c.to)}`);
  return parts.length ? parts.join('; ') : null;
}

function who(e: DeviceActivityEntry): string | null {
  if (!e.actor) return null;
  if (e.actor.name) return `by ${e.actor.name}`;
  if (e.actor.type === 'system' || e.actor.type === 'agent') return 'by the system';
  return null;
}

function Row({ e }: { e: DeviceActivityEntry }) {
  const detail = e.kind === 'change' ? changeDetail(e) : null;
  return (
    <li className="relative flex gap-3 pb-4 last:pb-0" data-testid="activity-entry" data-action={e.action}>
      <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${DOT[e.kind]}`} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="min-w-0 font-medium break-words">{describe(e)}</span>
          {e.status && e.kind !== 'change' && <StatusBadge status={e.status} />}
        </div>
        {detail && <p className="mt-0.5 text-xs break-words">{detail}</p>}
        <p className={`mt-0.5 text-xs ${MUTED}`}>
          <time dateTime={e.at} title={formatDate(e.at)}>
            {formatRelative(e.at)}
          </time>
          {who(e) && ` · ${who(e)}`}
        </p>
      </div>
    </li>
  );
}

export function DeviceActivity({ deviceId }: { deviceId: string }) {
  const [kinds, setKinds] = useState<DeviceActivityKind[]>([]);
  const activity = useDeviceActivity(deviceId, kinds);
  const entries = activity.data?.pages.flatMap((p) => p.data) ?? [];
  const toggle = (k: DeviceActivityKind) => setKinds((ks) => (ks.includes(k) ? ks.filter((x) => x !== k) : [...ks, k]));
  return (
    <Card title="Activity">
      <div role="group" aria-label="Show activity of kind" className="mb-4 flex flex-wrap gap-2">
        {ACTIVITY_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kinds.includes(k)}
            onClick={() => toggle(k)}
            className={`rounded-full border px-3 py-1 text-xs font-medium ${kinds.includes(k) ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800'}`}
          >
            {KIND_LABELS[k]}
          </button>
        ))}
      </div>
      <ErrorText error={activity.error} />
      {!activity.data && !activity.error && <p role="status">Loading…</p>}
      {activity.data && entries.length === 0 && <p className={`text-sm ${MUTED}`}>Nothing recorded{kinds.length ? ' of these kinds' : ''} yet.</p>}
      <ol aria-label="Device activity" className="border-l border-slate-200 pl-3 dark:border-slate-800">
        {entries.map((e) => (
          <Row key={e.id} e={e} />
        ))}
      </ol>
      {activity.hasNextPage && (
        <Button variant="secondary" className="mt-3" disabled={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
          {activity.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      )}
    </Card>
  );
}

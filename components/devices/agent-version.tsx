// The agent version of a device with the state of its self-update (docs/AGENT-UPDATES.md):
// in progress, refused or rolled back. A completed update shows the version alone.
import type { Device } from '@/hooks/use-devices';
import { Badge, type Tone } from '@/components/ui/controls';

const LABEL: Record<string, { tone: Tone; text: (v: string) => string }> = {
  downloading: { tone: 'blue', text: (v) => `downloading ${v}` },
  trial: { tone: 'blue', text: (v) => `trying ${v}` },
  failed: { tone: 'red', text: (v) => `${v} refused` },
  rolled_back: { tone: 'amber', text: (v) => `${v} rolled back` },
};

/** The update state as words, for CSV exports and titles. */
export function agentUpdateText(d: Pick<Device, 'agentUpdate' | 'agentVersion'>): string | null {
  const u = d.agentUpdate;
  if (!u || (u.state === 'updated' && u.version === d.agentVersion)) return null;
  return LABEL[u.state]?.text(u.version) ?? `${u.state.replace(/_/g, ' ')} ${u.version}`;
}

export function AgentVersion({ device }: { device: Pick<Device, 'agentUpdate' | 'agentVersion'> }) {
  const text = agentUpdateText(device);
  const u = device.agentUpdate;
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1">
      <span>{device.agentVersion ?? '—'}</span>
      {text && u && (
        <span title={u.error ?? undefined}>
          <Badge tone={LABEL[u.state]?.tone ?? 'slate'}>{text}</Badge>
        </span>
      )}
    </span>
  );
}

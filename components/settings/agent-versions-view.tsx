'use client';

import { useState } from 'react';
import { useAgentVersions, useFleetAgentVersions, useUpdateAgentVersion, type AgentVersion } from '@/hooks/use-agent-versions';
import { useMe } from '@/hooks/use-me';
import { formatBytes, formatDate } from '@/lib/client/format';
import { Badge, Card, EmptyState, ErrorText, PageHeader } from '@/components/ui/controls';
import { Button } from '@/components/ui/button';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';

/** Promote and rollout percentage of one release (system operators; docs/AGENT-UPDATES.md). */
function RolloutControls({ v }: { v: AgentVersion }) {
  const update = useUpdateAgentVersion();
  const [percent, setPercent] = useState(String(v.rolloutPercent));
  const value = Number(percent);
  const valid = percent.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= 100;
  return (
    <div className="mb-3 flex flex-wrap items-end gap-2 text-sm">
      <label className="flex flex-col gap-1">
        <span className="text-slate-600 dark:text-slate-300">Self-update rollout (% of devices)</span>
        <input
          className={`${INLINE_INPUT_CLASS} w-24`}
          type="number"
          min={0}
          max={100}
          step={1}
          value={percent}
          aria-invalid={!valid}
          onChange={(e) => setPercent(e.target.value)}
        />
      </label>
      <Button variant="secondary" disabled={!valid || value === v.rolloutPercent || update.isPending} onClick={() => update.mutate({ version: v.version, rolloutPercent: value })}>
        Save rollout
      </Button>
      {!v.promoted && (
        <Button disabled={update.isPending} onClick={() => update.mutate({ version: v.version, promoted: true })}>
          Promote
        </Button>
      )}
      {v.rolloutGroupIds.length > 0 && <span className="text-slate-500">plus {v.rolloutGroupIds.length} device group(s)</span>}
      <ErrorText error={update.error} />
    </div>
  );
}

/** Devices per agent version, with the update states that need attention. */
function FleetVersions() {
  const fleet = useFleetAgentVersions(true);
  return (
    <Card title="Versions across the fleet">
      <ErrorText error={fleet.error} />
      {fleet.data && fleet.data.data.length === 0 && <p className="text-sm text-slate-500">No devices enrolled yet.</p>}
      {fleet.data && fleet.data.data.length > 0 && (
        <table className="w-full text-sm" aria-label="Agent versions across the fleet">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-1 pr-4 font-medium">Version</th>
              <th className="py-1 pr-4 font-medium">Devices</th>
              <th className="py-1 pr-4 font-medium">Updating</th>
              <th className="py-1 pr-4 font-medium">Refused</th>
              <th className="py-1 pr-4 font-medium">Rolled back</th>
            </tr>
          </thead>
          <tbody>
            {fleet.data.data.map((r) => (
              <tr key={r.version ?? 'none'} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-4">{r.version ?? 'not reported'}</td>
                <td className="py-1 pr-4">{r.devices}</td>
                <td className="py-1 pr-4">{r.updating}</td>
                <td className="py-1 pr-4">{r.failed ? <Badge tone="red">{r.failed}</Badge> : 0}</td>
                <td className="py-1 pr-4">{r.rolledBack ? <Badge tone="amber">{r.rolledBack}</Badge> : 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export function AgentVersionsView() {
  const versions = useAgentVersions();
  const system = useMe().data?.scope === 'system';
  return (
    <div className="space-y-4">
      <PageHeader title="Agent versions" description="Registered agent releases, newest first. The promoted release is what installers and agents download by default." />
      {system && <FleetVersions />}
      <ErrorText error={versions.error} />
      {versions.isLoading && <p role="status" className="text-sm text-slate-500">Loading…</p>}
      {versions.data && versions.data.data.length === 0 && (
        <EmptyState title="No agent releases registered">Build the agent (npm run build:agent) and restart the server: the bundled release registers itself on start.</EmptyState>
      )}
      {versions.data?.data.map((v) => (
        <Card
          key={v.version}
          title={`Version ${v.version}`}
          actions={
            <span className="flex items-center gap-2 text-sm text-slate-500">
              {v.promoted && <Badge tone="green">promoted</Badge>}
              {v.promoted && <Badge tone={v.rolloutPercent === 100 ? 'slate' : 'amber'}>rollout {v.rolloutPercent}%</Badge>}
              released {formatDate(v.releasedAt)}
            </span>
          }
        >
          {system && <RolloutControls v={v} />}
          {v.notes && <p className="mb-3 text-sm whitespace-pre-line text-slate-600 dark:text-slate-300">{v.notes}</p>}
          {v.artifacts.length === 0 ? (
            <p className="text-sm text-slate-500">No artifacts uploaded for this release.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label={`Downloads for ${v.version}`}>
                <thead className="text-left text-slate-500">
                  <tr>
                    <th className="py-1 pr-4 font-medium">Platform</th>
                    <th className="py-1 pr-4 font-medium">File</th>
                    <th className="py-1 pr-4 font-medium">Size</th>
                    <th className="py-1 pr-4 font-medium">SHA-256</th>
                  </tr>
                </thead>
                <tbody>
                  {v.artifacts.map((a) => (
                    <tr key={`${a.os}-${a.arch}`} className="border-t border-slate-100 dark:border-slate-800">
                      <td className="py-1 pr-4">{a.os}/{a.arch}</td>
                      <td className="py-1 pr-4">
                        <a className="text-brand-700 underline dark:text-brand-100" href={`/api/v1/agent-versions/${encodeURIComponent(v.version)}/download?os=${a.os}&arch=${a.arch}`} download={a.fileName}>
                          {a.fileName}
                        </a>
                      </td>
                      <td className="py-1 pr-4 text-slate-500">{formatBytes(a.size)}</td>
                      <td className="max-w-[16rem] truncate py-1 pr-4 font-mono text-xs text-slate-500" title={a.sha256}>{a.sha256}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      ))}
    </div>
  );
}

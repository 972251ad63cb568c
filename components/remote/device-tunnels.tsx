'use client';

// Web UI through the device: opens an HTTP tunnel from the device's agent to a web interface on
// the device itself or on its network (a printer's, switch's or router's admin page), then opens
// it in a new browser tab through a one-time ticket. The proxied page is served by this service
// under the tunnel's own path; closing the tunnel cuts every tab using it.
import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { ApiError } from '@/lib/client/api-client';
import { useCan } from '@/hooks/use-me';
import { useCloseTunnel, useCreateTunnel, useOpenTunnel, useTunnels, type Tunnel } from '@/hooks/use-tunnels';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, ErrorText } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import { MUTED } from '@/components/devices/detail/format';

const PRESETS = [
  { label: 'This device, port 80', host: '127.0.0.1', port: 80 },
  { label: 'This device, port 8080', host: '127.0.0.1', port: 8080 },
];

function explain(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'AGENT_OFFLINE') return 'The agent of this device is not connected right now: a tunnel needs its live channel.';
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Opens the tunnel's web UI in a new tab: the ticket URL sets the tunnel cookie and redirects. */
function useOpenInTab() {
  const ticket = useOpenTunnel();
  const [error, setError] = useState<string | null>(null);
  /** `tunnel`: the tunnel, or a request that opens one first. */
  async function open(tunnel: Tunnel | (() => Promise<Tunnel>)) {
    setError(null);
    // The tab is opened before any request, while the click still counts as the person's, so the
    // browser does not block it as a pop-up.
    const tab = window.open('about:blank', '_blank');
    try {
      const t = typeof tunnel === 'function' ? await tunnel() : tunnel;
      const { url } = await ticket.mutateAsync(t.id);
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch (err) {
      tab?.close();
      setError(explain(err));
    }
  }
  return { open, error, pending: ticket.isPending };
}

export function TunnelRows({ tunnels, showDevice }: { tunnels: Tunnel[]; showDevice?: boolean }) {
  const canExecute = useCan('devices:execute');
  const close = useCloseTunnel();
  const { open, error, pending } = useOpenInTab();
  return (
    <>
      {error && (
        <tr>
          <td colSpan={showDevice ? 5 : 4} className="px-4 py-2">
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          </td>
        </tr>
      )}
      {tunnels.map((t) => (
        <tr key={t.id} className="border-t border-slate-100 dark:border-slate-800" data-testid="tunnel-row">
          {showDevice && (
            <td className="px-4 py-2">
              <Link className="text-blue-700 hover:underline dark:text-blue-400" href={`/devices/${t.deviceId}`}>
                {t.deviceHostname ?? t.deviceId}
              </Link>
            </td>
          )}
          <td className="px-4 py-2 font-mono text-xs">
            http://{t.targetHost.includes(':') ? `[${t.targetHost}]` : t.targetHost}:{t.targetPort}
          </td>
          <td className="px-4 py-2 whitespace-nowrap">{new Date(t.createdAt).toLocaleString()}</td>
          <td className="px-4 py-2 whitespace-nowrap">{t.lastUsedAt ? new Date(t.lastUsedAt).toLocaleString() : 'never'}</td>
          <td className="px-4 py-2 text-right whitespace-nowrap">
            {canExecute && (
              <>
                <Button variant="secondary" disabled={pending} onClick={() => void open(t)} aria-label={`Open ${t.targetHost}:${t.targetPort} in a new tab`}>
                  Open
                </Button>{' '}
                <Button
                  variant="secondary"
                  disabled={close.isPending}
                  onClick={() => {
                    if (confirm(`Close the tunnel to ${t.targetHost}:${t.targetPort}? Tabs using it stop working.`)) close.mutate(t.id);
                  }}
                  aria-label={`Close tunnel to ${t.targetHost}:${t.targetPort}`}
                >
                  Close
                </Button>
              </>
            )}
          </td>
        </tr>
      ))}
    </>
  );
}

export const TUNNEL_COLUMNS = ['Target', 'Opened', 'Last used', { label: 'Actions', hidden: true }];

export function DeviceTunnelsPanel({ deviceId }: { deviceId: string }) {
  const tunnels = useTunnels(deviceId);
  const create = useCreateTunnel();
  const { open, error: openError } = useOpenInTab();
  const [host, setHost] = useState('127.0.0.1');
  const [port, setPort] = useState('80');
  const fieldErrors = create.error instanceof ApiError ? fieldErrorsOf(create.error) : {};

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void open(() => create.mutateAsync({ deviceId, targetHost: host.trim(), targetPort: Number(port) }));
  }

  return (
    <div className="space-y-4">
      <Card title="Open a web interface through this device">
        <p className={`mb-3 text-sm ${MUTED}`}>
          Reach a web page served by this device or by something on its network (a printer, switch or router admin page) through its agent, without a VPN. Plain HTTP targets only; the page opens in a new tab.
        </p>
        <form onSubmit={onSubmit} className="grid gap-3 md:grid-cols-[2fr_1fr_auto]" aria-label="Open a tunnel">
          <Field label="Host, as the device sees it" value={host} onChange={(e) => setHost(e.target.value)} required maxLength={253} error={fieldErrors.targetHost} hint="127.0.0.1 for the device itself, or a LAN address" />
          <Field label="Port" type="number" min={1} max={65535} value={port} onChange={(e) => setPort(e.target.value)} required error={fieldErrors.targetPort} />
          <div className="self-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Opening…' : 'Open tunnel'}
            </Button>
          </div>
        </form>
        <div className="mt-2 flex flex-wrap gap-2 text-xs">
          {PRESETS.map((p) => (
            <button
              key={p.label}
              type="button"
              className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
              onClick={() => {
                setHost(p.host);
                setPort(String(p.port));
              }}
            >
              {p.label}
            </button>
          ))}
        </div>
        {openError && !Object.keys(fieldErrors).length && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {openError}
          </p>
        )}
      </Card>
      <Card title="Open tunnels">
        {tunnels.isError ? (
          <ErrorText error={tunnels.error} />
        ) : tunnels.data && tunnels.data.data.length === 0 ? (
          <EmptyState title="No open tunnels">Tunnels you open here are listed until closed.</EmptyState>
        ) : (
          <DataTable label="Open tunnels of this device" columns={TUNNEL_COLUMNS}>
            <TunnelRows tunnels={tunnels.data?.data ?? []} />
          </DataTable>
        )}
      </Card>
    </div>
  );
}

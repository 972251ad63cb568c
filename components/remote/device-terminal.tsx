'use client';

// A terminal on the device: opens a remote session, mints its one-time WebSocket ticket and
// connects xterm.js to the device's PTY through the server (binary frames both ways, resize as
// a text frame). The session ends when the shell exits, the tab closes or End is pressed; its
// transcript is then in the Remote sessions history.
import { useEffect, useRef, useState } from 'react';
import '@xterm/xterm/css/xterm.css';
import { api, ApiError } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZRemoteSession, ZWsTicket } from '@/lib/remote/schemas';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/controls';
import { MUTED } from '@/components/devices/detail/format';

type State = { kind: 'idle' } | { kind: 'connecting' } | { kind: 'open'; sessionId: string } | { kind: 'closed'; reason: string; sessionId?: string } | { kind: 'error'; message: string };

function explain(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'AGENT_OFFLINE') return 'The agent of this device is not connected right now: a terminal needs its live channel.';
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function DeviceTerminalPanel({ deviceId }: { deviceId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const socket = useRef<WebSocket | null>(null);
  const cleanup = useRef<(() => void) | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => () => cleanup.current?.(), []);

  async function open() {
    cleanup.current?.();
    setState({ kind: 'connecting' });
    const [{ Terminal }, { FitAddon }] = await Promise.all([import('@xterm/xterm'), import('@xterm/addon-fit')]);
    const term = new Terminal({ cursorBlink: true, fontSize: 13, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', scrollback: 5000 });
    const fit = new FitAddon();
    term.loadAddon(fit);
    host.current!.innerHTML = '';
    term.open(host.current!);
    fit.fit();
    let sessionId: string | undefined;
    try {
      const session = await api<Wire<typeof ZRemoteSession>>('/remote/sessions', { method: 'POST', body: { deviceId, type: 'terminal', cols: term.cols, rows: term.rows } });
      sessionId = session.id;
      const ticket = await api<Wire<typeof ZWsTicket>>(`/remote/sessions/${session.id}/ws-ticket`, { method: 'POST', body: {} });
      const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${ticket.url}`);
      ws.binaryType = 'arraybuffer';
      socket.current = ws;
      const encoder = new TextEncoder();
      const input = term.onData((d) => ws.readyState === WebSocket.OPEN && ws.send(encoder.encode(d)));
      const resize = term.onResize(({ cols, rows }) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type: 'resize', cols, rows })));
      const onWindow = () => fit.fit();
      window.addEventListener('resize', onWindow);
      ws.onmessage = (ev) => {
        if (typeof ev.data !== 'string') return term.write(new Uint8Array(ev.data as ArrayBuffer));
        const frame = JSON.parse(ev.data) as { type: string; reason?: string; message?: string };
        if (frame.type === 'ready') {
          setState({ kind: 'open', sessionId: session.id });
          term.focus();
        } else if (frame.type === 'exit') setState({ kind: 'closed', reason: frame.reason ?? 'The shell ended', sessionId: session.id });
        else if (frame.type === 'error') setState({ kind: 'error', message: frame.message ?? 'The terminal could not open' });
      };
      ws.onclose = (ev) => setState((s) => (s.kind === 'open' || s.kind === 'connecting' ? { kind: 'closed', reason: ev.reason || 'Disconnected', sessionId: session.id } : s));
      cleanup.current = () => {
        input.dispose();
        resize.dispose();
        window.removeEventListener('resize', onWindow);
        ws.close();
        term.dispose();
      };
    } catch (error) {
      term.dispose();
      setState({ kind: 'error', message: explain(error) });
      if (sessionId) void api(`/remote/sessions/${sessionId}/end`, { method: 'POST', body: {} }).catch(() => undefined);
    }
  }

  const running = state.kind === 'open' || state.kind === 'connecting';
  return (
    <Card
      title="Terminal"
      actions={
        running ? (
          <Button variant="secondary" onClick={() => socket.current?.close()}>
            End session
          </Button>
        ) : (
          <Button onClick={() => void open()}>{state.kind === 'idle' ? 'Open terminal' : 'Open a new terminal'}</Button>
        )
      }
    >
      <p className={`mb-2 text-sm ${MUTED}`} role="status" data-testid="terminal-status">
        {state.kind === 'idle' && 'A shell on the device, as the agent’s user. Everything shown is kept in the session’s transcript.'}
        {state.kind === 'connecting' && 'Connecting…'}
        {state.kind === 'open' && 'Connected.'}
        {state.kind === 'closed' && `Session ended: ${state.reason}`}
        {state.kind === 'error' && <span className="text-red-600 dark:text-red-400">{state.message}</span>}
      </p>
      <div ref={host} data-testid="terminal" className="h-[28rem] w-full overflow-hidden rounded bg-black p-1" />
    </Card>
  );
}

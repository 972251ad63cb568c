// The local elevation protocol between `rmm-agent elevate` (the CLI, run by an ordinary user) and
// the agent service's broker (elevate.ts): newline-delimited JSON over a Unix socket. The CLI says
// hello, answers the broker's challenge with a proof file, then receives the request's progress and
// the command's output until an exit message.
import type net from 'node:net';

export function defaultSocketPath(): string {
  return process.env.RMM_AGENT_ELEVATE_SOCKET || '/run/rmm-agent/elevate.sock';
}

// Messages, one JSON object per line.
export type ClientMessage = { type: 'hello'; pid: number; argv: string[]; cwd: string; reason: string | null } | { type: 'proof'; path: string };
export type ServerMessage =
  | { type: 'challenge'; nonce: string }
  | { type: 'submitted'; id: string; status: string }
  | { type: 'approved'; id: string; expiresAt: string | null; runAs: string }
  | { type: 'denied'; id: string | null; reason: string }
  | { type: 'stdout' | 'stderr'; data: string }
  | { type: 'exit'; code: number | null; outcome: 'exited' | 'revoked' | 'expired' | 'failed' };

export const send = (socket: net.Socket, msg: ServerMessage) => {
  if (!socket.destroyed) socket.write(`${JSON.stringify(msg)}\n`);
};

export function lines(socket: net.Socket, onMessage: (m: unknown) => void): void {
  let buf = '';
  socket.on('data', (d) => {
    buf += d.toString('utf8');
    if (buf.length > 256 * 1024) socket.destroy();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      try {
        onMessage(JSON.parse(line));
      } catch {
        socket.destroy();
      }
    }
  });
}

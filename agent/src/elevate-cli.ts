// `rmm-agent elevate`: the user-side half of just-in-time elevation. It proves who is asking to
// the agent service's broker (elevate.ts) and relays the approved command's output.
import { closeSync, constants, openSync, rmSync, writeSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defaultSocketPath, lines, type ServerMessage } from './elevate-protocol';

/** The CLI side: `rmm-agent elevate [--socket S] [--reason R] -- <command> [args…]`. Exit code: the command's, 126 when refused. */
export async function elevateCli(argv: string[], opts: { socket?: string; reason?: string | null; out?: NodeJS.WritableStream; err?: NodeJS.WritableStream }): Promise<number> {
  const out = opts.out ?? process.stdout;
  const err = opts.err ?? process.stderr;
  if (!argv.length) throw new Error('usage: rmm-agent elevate [--reason <text>] -- <command> [args…]');
  const socket = net.createConnection(opts.socket ?? defaultSocketPath());
  let proofFile: string | null = null;
  const cleanup = () => {
    if (proofFile) rmSync(proofFile, { force: true });
    proofFile = null;
  };
  return new Promise<number>((resolve, reject) => {
    let result = 126;
    socket.on('error', (e) => {
      cleanup();
      reject(new Error(`cannot reach the agent service: ${e.message}`));
    });
    socket.on('connect', () => socket.write(`${JSON.stringify({ type: 'hello', pid: process.pid, argv, cwd: process.cwd(), reason: opts.reason ?? null })}\n`));
    socket.on('close', () => {
      cleanup();
      resolve(result);
    });
    lines(socket, (raw) => {
      const m = raw as ServerMessage;
      switch (m.type) {
        case 'challenge': {
          proofFile = path.join(os.tmpdir(), `rmm-elevate-${m.nonce}`);
          const fd = openSync(proofFile, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
          writeSync(fd, m.nonce);
          closeSync(fd);
          socket.write(`${JSON.stringify({ type: 'proof', path: proofFile })}\n`);
          break;
        }
        case 'submitted':
          cleanup();
          if (m.status === 'pending') err.write(`elevation request ${m.id} is waiting for approval…\n`);
          break;
        case 'approved':
          err.write(`elevation ${m.id} approved${m.expiresAt ? ` until ${m.expiresAt}` : ''}; running as ${m.runAs}\n`);
          break;
        case 'denied':
          err.write(`elevation denied: ${m.reason}\n`);
          result = 126;
          break;
        case 'stdout':
          out.write(Buffer.from(m.data, 'base64'));
          break;
        case 'stderr':
          err.write(Buffer.from(m.data, 'base64'));
          break;
        case 'exit':
          if (m.outcome !== 'exited') err.write(`elevated command ${m.outcome === 'failed' ? 'could not start' : `stopped: elevation ${m.outcome}`}\n`);
          result = m.code ?? 126;
          break;
      }
    });
  });
}

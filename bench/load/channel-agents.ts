// Load process: agents with an open live channel that open real PTYs (the agent's `script`-based
// terminal), for scenario 14's terminal runs (the fleet of channels is `rmm-agent simulate
// --channels`). Each is the reference agent's own channel code (AgentChannel: frames, streams, flow
// control) with a real token of a seeded device, and answers `processes.list` with a list the real
// /proc reader produced (sampled once). Prints `[channels] open N` on stderr once every
// channel is welcomed, and its JSON report on stdout when it gets SIGTERM.
//   tsx bench/load/channel-agents.ts --server URL --state FILE
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AgentChannel } from '../../agent/src/channel';
import { listProcesses } from '../../agent/src/os/linux/processes';
import { openTerminal } from '../../agent/src/remote/terminal';

const { values } = parseArgs({ options: { server: { type: 'string' }, state: { type: 'string' } } });
const devices = (JSON.parse(readFileSync(values.state!, 'utf8')) as { devices: { token: string }[] }).devices;
const sample = await listProcesses();
let answered = 0;
const channels: AgentChannel[] = [];
for (let i = 0; i < devices.length; i++) {
  const channel = new AgentChannel({
    server: values.server!,
    token: devices[i].token,
    handlers: {
      'processes.list': async () => {
        answered++;
        return sample;
      },
    },
    streams: { pty: openTerminal },
    onWake: () => undefined,
    baseDelayMs: 2000,
    maxDelayMs: 30_000,
  });
  channels.push(channel);
  channel.start();
  // Opened in batches, as a fleet reconnecting would, without a thundering herd of handshakes.
  if (i % 200 === 199) await new Promise((r) => setTimeout(r, 100));
}
const started = Date.now();
for (;;) {
  const open = channels.filter((c) => c.connected).length;
  if (open === channels.length) break;
  if (Date.now() - started > 300_000) {
    process.stderr.write(`[channels] only ${open} of ${channels.length} open after 5 minutes\n`);
    break;
  }
  await new Promise((r) => setTimeout(r, 250));
}
process.stderr.write(`[channels] open ${channels.filter((c) => c.connected).length}\n`);
const keep = setInterval(() => undefined, 60_000);
process.on('SIGTERM', () => {
  clearInterval(keep);
  const open = channels.filter((c) => c.connected).length;
  for (const c of channels) c.stop();
  process.stdout.write(`${JSON.stringify({ channels: channels.length, open, answered, processSample: sample.processes.length, sampleBytes: JSON.stringify(sample).length })}\n`);
  setTimeout(() => process.exit(0), 500).unref();
});

#!/usr/bin/env node
// rmm-agent: the reference agent. Commands: enroll, run, service install|uninstall, simulate, elevate,
// verify-release.
import { existsSync, rmSync } from 'node:fs';
import { parseArgs, intOpt, stringOpt, type ParsedArgs } from './args';
import { configPath, defaultDataDir, readConfig } from './config';
import { enroll } from './enroll';
import { AgentRunner } from './runner';
import { applyPlan, describePlan, installPlan, uninstallPlan } from './service';
import { simulate } from './simulate';
import { elevateCli } from './elevate-cli';
import { log, setQuiet } from './log';
import { AGENT_VERSION } from './version';
import path from 'node:path';
import { reportUpdateState, runTrial, signatureValid } from './updater';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

const BOOLEANS = new Set(['quiet', 'force', 'dry-run', 'allow-reboot', 'allow-shutdown', 'once', 'json', 'help', 'version', 'channels', 'no-heartbeat']);

const USAGE = `rmm-agent ${AGENT_VERSION}

Usage:
  rmm-agent enroll --key <KEY> --server <URL> [--enrollment-secret <SECRET>] [--quiet] [--force] [--data-dir <DIR>]
  rmm-agent run [--data-dir <DIR>] [--allow-reboot] [--allow-shutdown] [--once] [--trial <STATE_FILE>]
  rmm-agent service install [--data-dir <DIR>] [--allow-reboot] [--allow-shutdown] [--dry-run]
  rmm-agent service uninstall [--dry-run]
  rmm-agent elevate [--reason <TEXT>] [--socket <PATH>] -- <COMMAND> [ARGS...]
  rmm-agent verify-release --file <FILE> --release-version <V> --os <OS> --arch <ARCH> --signature <BASE64> --key <BASE64>
                     [--sha256 <HEX>]
  rmm-agent simulate --server <URL> --key <KEY> --devices <N> [--enrollment-secret <SECRET>]
                     [--duration <S>=60] [--interval <S>] [--enroll-concurrency <N>=50]
                     [--max-sockets <N>=256] [--state-file <FILE>] [--json]
                     [--channels] [--no-heartbeat]

The data directory holds agent.yaml (mode 600); default ${defaultDataDir()} (RMM_AGENT_DATA_DIR).
\`elevate\` (Linux) asks the running agent service to run one command as root: the organization's rules
or a technician decide; an approval lasts a bounded time and can be revoked (the command is then killed).
The service listens on /run/rmm-agent/elevate.sock (RMM_AGENT_ELEVATE_SOCKET); the credential stays root's.
Self-update (Linux): a newer promoted release offered by the server is downloaded beside the running file,
checked against its SHA-256 and the release key stored at enrollment, and run on trial (\`run --trial\`); it
replaces the installed file (the old one kept as <file>.prev) only after it heartbeats within
RMM_AGENT_UPDATE_TRIAL_SECONDS (default 300), and the agent then exits with code 75 for the service manager
to start the new version. Otherwise it is deleted and the running version carries on.
\`verify-release\` checks a downloaded agent file: its SHA-256 (against --sha256 when given) and the Ed25519
signature of rmm-agent-release:v1:<version>:<os>:<arch>:<sha256> with the release key (SPKI DER, base64);
exit code 0 when both hold, 1 otherwise. The Windows installer uses it (PowerShell has no Ed25519).
Reboot and shutdown commands run only when the agent was started with --allow-reboot / --allow-shutdown.
Patching (Linux, apt or dnf): the agent scans for updates every RMM_AGENT_PATCH_SCAN_HOURS (default 6;
0 turns the schedule off) and on request; RMM_AGENT_APT_OPTIONS adds options to every apt call
(e.g. "-o Dir::Etc::SourceList=/etc/rmm/sources.list" to limit the refresh to some sources).
`;

function required(args: ParsedArgs, name: string): string {
  const v = stringOpt(args, name);
  if (!v) throw new Error(`--${name} is required`);
  return v;
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function runFlags(args: ParsedArgs): string[] {
  return ['allow-reboot', 'allow-shutdown'].filter((f) => args.options.get(f) === true).map((f) => `--${f}`);
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'elevate') {
    // Everything after `--` is the command, passed through untouched.
    const dash = argv.indexOf('--');
    const own = parseArgs(argv.slice(1, dash < 0 ? argv.length : dash), BOOLEANS);
    const command = dash < 0 ? own.positional : argv.slice(dash + 1);
    return elevateCli(command, { socket: stringOpt(own, 'socket'), reason: stringOpt(own, 'reason') ?? null });
  }
  const args = parseArgs(argv, BOOLEANS);
  const [command, sub] = args.positional;
  const dataDir = path.resolve(stringOpt(args, 'data-dir') ?? defaultDataDir());
  if (args.options.has('version')) {
    console.log(AGENT_VERSION);
    return 0;
  }
  switch (command) {
    case 'enroll': {
      const quiet = args.options.get('quiet') === true;
      setQuiet(quiet);
      const { config, file } = await enroll({
        server: required(args, 'server'),
        key: required(args, 'key'),
        secret: stringOpt(args, 'enrollment-secret'),
        dataDir,
        force: args.options.get('force') === true,
      });
      if (!quiet) console.log(`enrolled as device ${config.deviceId} (agent ${config.agentId}); configuration written to ${file}`);
      return 0;
    }
    case 'run': {
      const config = readConfig(dataDir);
      if (!config) throw new Error(`not enrolled: ${configPath(dataDir)} does not exist (run \`rmm-agent enroll\` first)`);
      const refusedUpdates = new Set<string>();
      let runner: AgentRunner | null = null;
      let stopping = false;
      const stop = () => {
        stopping = true;
        runner?.stop();
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      // Only this process's first loop is on trial (a later trial of its own reuses the state file).
      let trialStateFile = stringOpt(args, 'trial');
      // The stable loop; it ends for a verified update, which runs on trial while this process waits.
      for (;; trialStateFile = undefined) {
        runner = new AgentRunner(config, {
          dataDir,
          allowReboot: args.options.get('allow-reboot') === true,
          allowShutdown: args.options.get('allow-shutdown') === true,
          once: args.options.get('once') === true,
          trialStateFile,
          refusedUpdates,
        });
        const code = await runner.run();
        const ready = runner.readyUpdate;
        if (!ready) return code;
        const { offer, candidate } = ready;
        if (stopping) {
          rmSync(candidate, { force: true });
          return code;
        }
        log('info', 'self-update: trying the new version', { version: offer.version });
        await reportUpdateState(config, 'trial', offer.version);
        const outcome = await runTrial({ candidate, version: offer.version, dataDir, runArgs: runFlags(args) });
        if (outcome.ok) {
          await reportUpdateState(config, 'updated', offer.version);
          log('info', 'self-update: installed; exiting for the service manager to start the new version', { version: offer.version });
          // The new version keeps running until the service manager (Restart=on-failure) restarts
          // the service from the swapped file; without one it simply carries on.
          outcome.child?.unref();
          return 75;
        }
        refusedUpdates.add(`${offer.version}:${offer.sha256}`);
        log('error', 'self-update rolled back', { version: offer.version, error: outcome.error });
        await reportUpdateState(config, 'rolled_back', offer.version, outcome.error);
        // Stopped during the trial (the service manager stops the candidate too): do not resume.
        if (stopping) return 0;
      }
    }
    case 'service': {
      const dryRun = args.options.get('dry-run') === true;
      if (sub === 'install') {
        if (!dryRun && !existsSync(configPath(dataDir))) throw new Error(`not enrolled: ${configPath(dataDir)} does not exist`);
        const plan = installPlan(dataDir, runFlags(args));
        if (dryRun) {
          console.log(describePlan(plan));
          return 0;
        }
        const problems = applyPlan(plan);
        for (const p of problems) log('warn', 'service install', { problem: p });
        console.log(problems.length ? 'service files written; some service commands failed (see above)' : 'service installed and started');
        return problems.length ? 1 : 0;
      }
      if (sub === 'uninstall') {
        const plan = uninstallPlan();
        if (dryRun) {
          console.log(describePlan(plan));
          return 0;
        }
        for (const p of applyPlan(plan)) log('warn', 'service uninstall', { problem: p });
        return 0;
      }
      throw new Error('usage: rmm-agent service install|uninstall [--dry-run]');
    }
    case 'simulate': {
      const devices = intOpt(args, 'devices', 0);
      if (!devices) throw new Error('--devices <N> is required');
      const interval = stringOpt(args, 'interval');
      const report = await simulate({
        server: required(args, 'server'),
        key: required(args, 'key'),
        secret: stringOpt(args, 'enrollment-secret'),
        devices,
        durationSeconds: intOpt(args, 'duration', 60),
        intervalSeconds: interval ? intOpt(args, 'interval', 60) : undefined,
        enrollConcurrency: intOpt(args, 'enroll-concurrency', 50),
        maxSockets: intOpt(args, 'max-sockets', 256),
        stateFile: path.resolve(stringOpt(args, 'state-file') ?? path.join(dataDir, 'simulate-state.json')),
        json: args.options.get('json') === true,
        channels: args.options.get('channels') === true,
        heartbeats: args.options.get('no-heartbeat') !== true,
      });
      if (args.options.get('json') === true) console.log(JSON.stringify(report));
      else console.log(JSON.stringify(report, null, 2));
      return (report.errors as { total: number }).total > 0 ? 1 : 0;
    }
    case 'verify-release': {
      const file = path.resolve(required(args, 'file'));
      const sha256 = await fileSha256(file);
      const expected = stringOpt(args, 'sha256')?.toLowerCase();
      if (expected && expected !== sha256) {
        console.error(`rmm-agent: ${file}: SHA-256 ${sha256} is not the expected ${expected}`);
        return 1;
      }
      const release = { version: required(args, 'release-version'), os: required(args, 'os'), arch: required(args, 'arch'), sha256, signature: required(args, 'signature') };
      if (!signatureValid(required(args, 'key'), release)) {
        console.error(`rmm-agent: ${file}: the release signature does not verify for ${release.version} ${release.os}/${release.arch} with this key`);
        return 1;
      }
      console.log(`verified ${release.version} ${release.os}/${release.arch} sha256 ${sha256}`);
      return 0;
    }
    case undefined:
    case 'help':
      console.log(USAGE);
      return command ? 0 : 1;
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: string }).code;
    process.stderr.write(`rmm-agent: ${message}${code && !message.includes(code) ? ` (${code})` : ''}\n`);
    process.exit(1);
  },
);

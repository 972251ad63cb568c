// `run`: the agent's life — heartbeat with real metrics every interval, claim and execute the
// commands each beat delivers, report inventory at start and then at the interval the heartbeat
// answer names (the effective policy's, daily by default). Network trouble backs off and
// retries; a revoked credential stops the agent.
import { rmSync } from 'node:fs';
import os from 'node:os';
import { ApiClient, ApiError } from './http';
import { configPath, writeConfig, type AgentConfig } from './config';
import { confirmTrial, downloadAndVerify, reportUpdateState, unsupportedReason, UpdateRefused, type UpdateOffer } from './updater';
import { CpuMeter, loggedInUser } from './metrics';
import { collectHeartbeatMetrics, collectInventory } from './os';
import { DEFAULT_INVENTORY_EVERY_MS, inventoryDue, inventoryEveryMs } from './intervals';
import { executeCommand, type AgentCommand, type CommandResult } from './executor';
import { applyPlan, serviceInstalled, uninstallPlan } from './service';
import { osVersion } from './system-info';
import { AGENT_VERSION } from './version';
import { log } from './log';
import { packageManager, scanPatches, type PatchReport } from './patch-manager';
import { collectSecurityState } from './security-state';
import { ElevationBroker } from './elevate';
import { AgentChannel } from './channel';
import { systemToolHandlers } from './system-tools';
import { openTerminal } from './remote/terminal';
import { openTunnel } from './remote/tunnel';

export interface RunOptions {
  dataDir: string;
  allowReboot: boolean;
  allowShutdown: boolean;
  /** One beat (plus the commands it delivers), then exit. */
  once?: boolean;
  /** Running on trial as a self-update candidate: confirm the first successful beat in this file. */
  trialStateFile?: string;
  /** Offers already refused or rolled back by this process (version:sha256), not tried again. */
  refusedUpdates?: Set<string>;
}

interface HeartbeatResponse {
  heartbeatIntervalSeconds: number;
  /** The effective policy's inventory interval (absent from servers that predate it). */
  inventoryIntervalMinutes?: number;
  mode: 'normal' | 'offboarding';
  commands: AgentCommand[];
  droppedFields: string[];
  /** A newer promoted release this device should take (absent from older servers). */
  update?: UpdateOffer;
}

// Patch scans on the agent's own schedule (RMM_AGENT_PATCH_SCAN_HOURS, default 6; 0 turns it off).
// The first one waits FIRST_PATCH_SCAN_MS after start: a refresh at boot competes with
// unattended-upgrades and the boot itself for the package manager's lock.
const FIRST_PATCH_SCAN_MS = 10 * 60 * 1000;
function patchScanEveryMs(): number {
  const hours = Number(process.env.RMM_AGENT_PATCH_SCAN_HOURS ?? 6);
  return Number.isFinite(hours) && hours > 0 ? hours * 3600 * 1000 : 0;
}
const MAX_PARALLEL_COMMANDS = 4;
// The security state is cheap to read (files and a few commands): at start, then every
// RMM_AGENT_SECURITY_REPORT_HOURS (default 6; 0 turns the schedule off).
function securityReportEveryMs(): number {
  const hours = Number(process.env.RMM_AGENT_SECURITY_REPORT_HOURS ?? 6);
  return Number.isFinite(hours) && hours > 0 ? hours * 3600 * 1000 : 0;
}

export class AgentRunner {
  private readonly api: ApiClient;
  private readonly cpu = new CpuMeter();
  private interval: number;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** A wake frame arrived (a command was queued): the next sleep ends at once. */
  private wakeRequested = false;
  private channel: AgentChannel | null = null;
  private readonly inFlight = new Set<string>();
  private readonly queue: AgentCommand[] = [];
  private readonly running = new Map<string, AbortController>();
  private lastInventoryAt = 0;
  private inventoryEveryMs = DEFAULT_INVENTORY_EVERY_MS;
  private lastPatchScanAt = 0;
  private patchScanRunning = false;
  private lastSecurityReportAt = 0;
  private securityReportRunning = false;
  exitCode = 0;
  /** A downloaded, verified release waiting to be tried once the loop has stopped. */
  readyUpdate: { offer: UpdateOffer; candidate: string } | null = null;
  private updating = false;
  private trialConfirmed = false;

  constructor(
    private readonly config: AgentConfig,
    private readonly opts: RunOptions,
  ) {
    this.api = new ApiClient(config.server);
    this.interval = config.heartbeatIntervalSeconds;
  }

  stop(): void {
    this.stopped = true;
    this.channel?.stop();
    this.wake?.();
  }

  /** Heartbeats now (claiming queued commands) instead of at the end of the interval. */
  private wakeNow(): void {
    this.wakeRequested = true;
    this.wake?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.wakeRequested) {
        this.wakeRequested = false;
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        this.wakeRequested = false;
        resolve();
      };
    });
  }

  private async postResult(commandId: string, result: CommandResult): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.api.request('POST', `/agents/${this.config.agentId}/commands/${commandId}/result`, result, this.config.token);
        return;
      } catch (error) {
        // 404/409: the server no longer wants this result (already recorded, or unknown).
        if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
          log('warn', 'result not accepted', { commandId, status: error.status, code: error.code });
          return;
        }
        if (attempt >= 5 || this.stopped) throw error;
        await new Promise((r) => setTimeout(r, Math.min(30_000, 1000 * 2 ** attempt)));
      }
    }
  }

  private async sendInventory(inventory?: Awaited<ReturnType<typeof collectInventory>>): Promise<void> {
    const body = inventory ?? (await collectInventory());
    await this.api.request('PUT', `/agents/${this.config.agentId}/inventory`, body, this.config.token);
    this.lastInventoryAt = Date.now();
  }

  private async sendPatches(report: PatchReport): Promise<void> {
    await this.api.request('PUT', `/agents/${this.config.agentId}/patches`, report, this.config.token);
    this.lastPatchScanAt = Date.now();
  }

  private async sendSecurityState(state?: Awaited<ReturnType<typeof collectSecurityState>>): Promise<void> {
    const body = state ?? (await collectSecurityState());
    await this.api.request('PUT', `/agents/${this.config.agentId}/security`, body, this.config.token);
    this.lastSecurityReportAt = Date.now();
  }

  private scheduledSecurityReport(): void {
    const every = securityReportEveryMs();
    if (!every || this.securityReportRunning || (this.lastSecurityReportAt && Date.now() - this.lastSecurityReportAt < every)) return;
    this.securityReportRunning = true;
    this.lastSecurityReportAt = Date.now();
    this.sendSecurityState()
      .catch((error) => log('warn', 'security state upload failed', { error: String(error) }))
      .finally(() => (this.securityReportRunning = false));
  }

  private scheduledPatchScan(): void {
    const every = patchScanEveryMs();
    if (!every || this.patchScanRunning || !packageManager()) return;
    if (!this.lastPatchScanAt) this.lastPatchScanAt = Date.now() - every + Math.min(every, FIRST_PATCH_SCAN_MS);
    if (Date.now() - this.lastPatchScanAt < every) return;
    this.patchScanRunning = true;
    this.lastPatchScanAt = Date.now();
    scanPatches()
      .then((report) => this.sendPatches(report))
      .catch((error) => log('warn', 'scheduled patch scan failed', { error: String(error) }))
      .finally(() => (this.patchScanRunning = false));
  }

  private async uninstall(): Promise<void> {
    log('info', 'self_uninstall: removing agent configuration and service');
    rmSync(configPath(this.opts.dataDir), { force: true });
    if (serviceInstalled()) {
      const problems = applyPlan(uninstallPlan());
      for (const p of problems) log('warn', 'service removal', { problem: p });
    }
    this.exitCode = 0;
    this.stop();
  }

  private pump(): void {
    while (this.inFlight.size < MAX_PARALLEL_COMMANDS && this.queue.length > 0) {
      const command = this.queue.shift()!;
      this.inFlight.add(command.id);
      const controller = new AbortController();
      this.running.set(command.id, controller);
      log('info', 'running command', { commandId: command.id, type: command.type });
      executeCommand(command, {
        sendInventory: (inv) => this.sendInventory(inv),
        sendPatches: (report) => this.sendPatches(report),
        sendSecurityState: (state) => this.sendSecurityState(state),
        dataDir: this.opts.dataDir,
        postResult: (id, r) => this.postResult(id, r),
        uninstall: () => this.uninstall(),
        fetchSecrets: async (id) => (await this.api.request<{ env: Record<string, string> }>('GET', `/agents/${this.config.agentId}/commands/${id}/secrets`, undefined, this.config.token)).body.env,
        agent: { server: this.api.base, agentId: this.config.agentId, token: this.config.token },
        agentRequest: async <T,>(method: string, path: string, body?: unknown) => (await this.api.request<T>(method, `/agents/${this.config.agentId}${path}`, body, this.config.token)).body,
        signal: controller.signal,
        allowReboot: this.opts.allowReboot,
        allowShutdown: this.opts.allowShutdown,
      })
        .catch((error) => log('error', 'command failed to report', { commandId: command.id, error: String(error) }))
        .finally(() => {
          this.inFlight.delete(command.id);
          this.running.delete(command.id);
          this.pump();
        });
    }
  }

  /** Handled at once, never queued behind the commands it may have to stop. */
  private cancel(command: AgentCommand): void {
    const target = String(command.payload.commandId ?? '');
    const queued = this.queue.findIndex((c) => c.id === target);
    let outcome: string;
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      outcome = 'removed from the queue before it started';
      this.postResult(target, { status: 'cancelled', stderr: 'cancelled before it started' }).catch(() => undefined);
    } else if (this.running.has(target)) {
      this.running.get(target)!.abort();
      outcome = 'killed';
    } else outcome = 'not running on this agent';
    log('info', 'cancel_command', { commandId: target, outcome });
    this.postResult(command.id, { status: 'completed', stdout: outcome, result: { commandId: target } }).catch((error) => log('warn', 'cancel result not reported', { error: String(error) }));
  }

  /** Downloads and verifies an offered release in the background; a good one stops the loop. */
  private takeUpdate(offer: UpdateOffer): void {
    const refused = this.opts.refusedUpdates ?? new Set<string>();
    const key = `${offer.version}:${offer.sha256}`;
    if (this.updating || this.opts.once || (this.opts.trialStateFile && !this.trialConfirmed) || refused.has(key)) return;
    this.updating = true;
    void (async () => {
      try {
        if (!this.config.releaseSigningKey) {
          // Enrolled before releases were signed: fetch the key once over the configured server.
          const res = await this.api.request<{ publicKey: string }>('GET', '/agent-versions/signing-key');
          this.config.releaseSigningKey = res.body.publicKey;
          writeConfig(this.opts.dataDir, this.config);
        }
        const unsupported = unsupportedReason(offer, this.config.releaseSigningKey);
        if (unsupported) {
          refused.add(key);
          log('warn', 'self-update skipped', { version: offer.version, reason: unsupported });
          await reportUpdateState(this.config, 'failed', offer.version, unsupported);
          return;
        }
        log('info', 'self-update: downloading', { version: offer.version });
        await reportUpdateState(this.config, 'downloading', offer.version);
        const candidate = await downloadAndVerify(offer, this.config.releaseSigningKey!);
        // Commands already claimed run to the end under this version before the trial starts.
        while (this.queue.length > 0 && !this.stopped) await new Promise((r) => setTimeout(r, 200));
        if (this.stopped) return;
        this.readyUpdate = { offer, candidate };
        this.stop();
      } catch (error) {
        // A refused release is not tried again by this process; a download error may pass.
        if (error instanceof UpdateRefused) refused.add(key);
        const message = error instanceof Error ? error.message : String(error);
        log('error', 'self-update refused', { version: offer.version, error: message });
        await reportUpdateState(this.config, 'failed', offer.version, message);
      } finally {
        this.updating = false;
      }
    })();
  }

  private async beat(): Promise<HeartbeatResponse> {
    const [metrics, user] = await Promise.all([collectHeartbeatMetrics(this.cpu), loggedInUser()]);
    const res = await this.api.request<HeartbeatResponse>(
      'POST',
      `/agents/${this.config.agentId}/heartbeat`,
      { agentVersion: AGENT_VERSION, hostname: os.hostname(), osVersion: await osVersion(), uptimeSeconds: Math.round(os.uptime()), ...(user ? { loggedInUser: user } : {}), metrics },
      this.config.token,
    );
    return res.body;
  }

  async run(): Promise<number> {
    log('info', 'agent started', { agentId: this.config.agentId, server: this.config.server, version: AGENT_VERSION });
    // Local elevation requests (`rmm-agent elevate`), brokered with this agent's credential.
    const broker = this.opts.once ? null : new ElevationBroker(this.api, this.config);
    void broker?.start();
    let failures = 0;
    let offboarding = false;
    if (!this.opts.once) {
      this.channel = new AgentChannel({ server: this.config.server, token: this.config.token, handlers: systemToolHandlers, streams: { pty: openTerminal, tcp: openTunnel }, onWake: () => this.wakeNow() });
      this.channel.start();
    }
    while (!this.stopped) {
      try {
        const hb = await this.beat();
        failures = 0;
        if (this.opts.trialStateFile && !this.trialConfirmed) {
          confirmTrial(this.opts.trialStateFile);
          this.trialConfirmed = true;
        }
        if (hb.update && !offboarding) this.takeUpdate(hb.update);
        this.interval = hb.heartbeatIntervalSeconds || this.interval;
        this.inventoryEveryMs = inventoryEveryMs(hb, this.inventoryEveryMs);
        if (hb.mode === 'offboarding' && !offboarding) log('warn', 'partner offboarding: only self_uninstall is accepted');
        offboarding = hb.mode === 'offboarding';
        if (hb.droppedFields.length) log('warn', 'server dropped heartbeat fields', { fields: hb.droppedFields });
        for (const c of hb.commands) {
          if (c.type === 'cancel_command') this.cancel(c);
          else if (!this.inFlight.has(c.id)) this.queue.push(c);
        }
        this.pump();
        if (!offboarding && inventoryDue(this.lastInventoryAt, this.inventoryEveryMs, Date.now())) {
          this.sendInventory().catch((error) => log('warn', 'inventory upload failed', { error: String(error) }));
        }
        if (!offboarding) this.scheduledPatchScan();
        if (!offboarding) this.scheduledSecurityReport();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          log('error', 'credential rejected; stopping (enroll again to resume)', { code: error.code, message: error.message });
          this.exitCode = 0;
          break;
        }
        failures++;
        log('warn', 'heartbeat failed', { error: error instanceof Error ? error.message : String(error), failures });
      }
      if (this.opts.once) break;
      const backoff = failures ? Math.min(this.interval, 5 * 2 ** Math.min(failures, 6)) : this.interval;
      await this.sleep(backoff * 1000 * (failures ? 1 : 0.9 + Math.random() * 0.2));
    }
    // Let running commands finish and report (a reboot or uninstall already has).
    while (this.inFlight.size > 0 || (this.opts.once && this.queue.length > 0)) await new Promise((r) => setTimeout(r, 100));
    while (this.updating) await new Promise((r) => setTimeout(r, 100));
    broker?.stop();
    this.channel?.stop();
    this.api.close();
    return this.exitCode;
  }
}

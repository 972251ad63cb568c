// Runs the commands a heartbeat delivered and reports each result exactly once.
import { collectInventory } from './os';
import { runScript, type ScriptPayload } from './run-script';
import { uninstallSoftware, type UninstallPayload } from './software-uninstall';
import { installSoftware, type SoftwareInstallPayload } from './software-install';
import { log } from './log';
import { runPatchCommand } from './patch-commands';
import { runPolicyCheck } from './policy-check';
import { runDiscoveryScan, type ScanPayload } from './discovery-scan';
import { runSnmpPoll } from './snmp-poll';
import { ApiError } from './http';
import { runSecurityScan, runThreatAction } from './security-scan';
import { collectSecurityState } from './security-state';
import type { PatchReport } from './patch-manager';
import { spawn } from 'node:child_process';

export interface AgentCommand {
  id: string;
  type: 'refresh_inventory' | 'run_script' | 'reboot' | 'shutdown' | 'self_uninstall' | 'cancel_command' | 'uninstall_software' | 'patch_scan' | 'patch_install' | 'patch_rollback' | 'software_install' | 'policy_check' | 'discovery_scan' | 'security_scan' | 'threat_action' | 'snmp_poll' | 'snmp_test';
  payload: Record<string, unknown>;
}

export interface CommandResult {
  status: 'completed' | 'failed' | 'timed_out' | 'cancelled';
  exitCode?: number;
  stdout?: string;
  stderr?: string;
  result?: Record<string, unknown>;
}

export interface ExecutorHooks {
  sendInventory(inventory: Awaited<ReturnType<typeof collectInventory>>): Promise<void>;
  postResult(commandId: string, result: CommandResult): Promise<void>;
  /** Uploads a patch scan (PUT /agents/:agentId/patches). */
  sendPatches(report: PatchReport): Promise<void>;
  /** A script run's secret variables (SERVICE_VAR_*), fetched just before it starts. */
  fetchSecrets(commandId: string): Promise<Record<string, string>>;
  /** The agent's server and credential: software_install downloads installers with them. */
  agent?: { server: string; agentId: string; token: string };
  /** A JSON request to the agent's own API (`path` after /agents/:agentId); throws ApiError. */
  agentRequest?<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Aborted when the server cancels the command (cancel_command). */
  signal?: AbortSignal;
  /** Removes the agent's configuration and service; the process then exits. */
  uninstall(): Promise<void>;
  allowReboot: boolean;
  allowShutdown: boolean;
  /** The agent's data directory: threat quarantine lives in <dataDir>/quarantine. */
  dataDir?: string;
  /** Uploads the security state (PUT /agents/:agentId/security). */
  sendSecurityState?(state: Awaited<ReturnType<typeof collectSecurityState>>): Promise<void>;
}

function powerCommand(kind: 'reboot' | 'shutdown', delaySeconds: number): string[] {
  if (process.platform === 'win32') return ['shutdown', kind === 'reboot' ? '/r' : '/s', '/t', String(delaySeconds)];
  const minutes = Math.ceil(delaySeconds / 60);
  return ['shutdown', kind === 'reboot' ? '-r' : '-h', minutes > 0 ? `+${minutes}` : 'now'];
}

/** Uploads the inventory before the result, so a reader of the result sees the new list. */
async function withFreshInventory(result: CommandResult, hooks: ExecutorHooks): Promise<CommandResult> {
  try {
    await hooks.sendInventory(await collectInventory());
    return { ...result, result: { ...result.result, inventoryRefreshed: true } };
  } catch (error) {
    return { ...result, result: { ...result.result, inventoryRefreshed: false, inventoryError: error instanceof Error ? error.message : String(error) } };
  }
}

export async function executeCommand(command: AgentCommand, hooks: ExecutorHooks): Promise<void> {
  let result: CommandResult;
  try {
    switch (command.type) {
      case 'refresh_inventory': {
        const inventory = await collectInventory();
        await hooks.sendInventory(inventory);
        result = { status: 'completed', result: { software: inventory.software.length, disks: inventory.disks.length } };
        break;
      }
      case 'run_script': {
        const payload = command.payload as unknown as ScriptPayload & { secretEnv?: unknown };
        // Secrets never travel in the command: the server hands them over for this run only.
        const secretNames = Array.isArray(payload.secretEnv) ? payload.secretEnv : [];
        const secrets = secretNames.length ? await hooks.fetchSecrets(command.id) : {};
        const outcome = await runScript({ ...payload, env: { ...(payload.env ?? {}), ...secrets } }, hooks.signal);
        result = outcome;
        break;
      }
      case 'reboot':
      case 'shutdown': {
        const allowed = command.type === 'reboot' ? hooks.allowReboot : hooks.allowShutdown;
        if (!allowed) {
          result = { status: 'failed', stderr: `${command.type} is disabled on this device: start the agent with --allow-${command.type}` };
          break;
        }
        const delay = Number(command.payload.delaySeconds ?? 0);
        const [cmd, ...args] = powerCommand(command.type, delay);
        // Report first: the machine may be gone before a later report could leave.
        await hooks.postResult(command.id, { status: 'completed', stdout: `${command.type} scheduled: ${cmd} ${args.join(' ')}`, result: { delaySeconds: delay } });
        spawn(cmd, args, { stdio: 'ignore', detached: true }).on('error', (e) => log('error', `${command.type} failed`, { error: e.message })).unref();
        return;
      }
      case 'uninstall_software':
        result = await withFreshInventory(await uninstallSoftware(command.payload as unknown as UninstallPayload), hooks);
        break;
      case 'software_install': {
        if (!hooks.agent) throw new Error('software_install needs the agent credential');
        result = await installSoftware(command.payload as unknown as SoftwareInstallPayload, { ...hooks.agent, signal: hooks.signal });
        if (result.status === 'completed' && !result.result?.alreadyInstalled) result = await withFreshInventory(result, hooks);
        break;
      }
      case 'self_uninstall': {
        await hooks.postResult(command.id, { status: 'completed', stdout: 'agent configuration and service removed' });
        await hooks.uninstall();
        return;
      }
      case 'patch_scan':
        result = await runPatchCommand(command.type, command.payload, hooks.sendPatches);
        break;
      case 'patch_install':
      case 'patch_rollback':
        // Installed versions changed: the server matches vulnerabilities against the inventory.
        result = await withFreshInventory(await runPatchCommand(command.type, command.payload, hooks.sendPatches), hooks);
        break;
      case 'policy_check':
        result = await runPolicyCheck(command.payload, { signal: hooks.signal });
        break;
      case 'discovery_scan': {
        const request = hooks.agentRequest;
        if (!request) throw new Error('discovery_scan needs the agent API');
        // A dropped connection or a busy server: the request is sent again (4xx answers are final).
        const retrying = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
          for (let attempt = 1; ; attempt++) {
            try {
              return await request<T>(method, path, body);
            } catch (error) {
              if (attempt >= 5 || (error instanceof ApiError && error.status < 500 && error.status !== 429)) throw error;
              await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
            }
          }
        };
        result = await runDiscoveryScan(command.payload as unknown as ScanPayload, {
          signal: hooks.signal,
          fetchCredentials: async (jobId) => (await retrying<{ credentials: never[] }>('GET', `/discovery/jobs/${jobId}/credentials`)).credentials,
          postBatch: async (jobId, batch) => {
            try {
              await retrying('POST', `/discovery/jobs/${jobId}/results`, batch);
              return true;
            } catch (error) {
              // The job is over on the server (cancelled): stop scanning.
              if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return false;
              throw error;
            }
          },
        });
        break;
      }
      case 'security_scan':
        result = await runSecurityScan(command.payload, hooks.signal);
        // The antivirus state (signature age) is reported fresh with every scan.
        if (hooks.sendSecurityState) await hooks.sendSecurityState(await collectSecurityState()).catch((error) => log('warn', 'security state upload failed', { error: String(error) }));
        break;
      // snmp_test is a poll of the identity only, with the plan fetched the same way.
      case 'snmp_poll':
      case 'snmp_test': {
        const request = hooks.agentRequest;
        if (!request) throw new Error(`${command.type} needs the agent API`);
        result = await runSnmpPoll(command.id, (id) => request('GET', `/snmp/polls/${id}`));
        break;
      }
      case 'threat_action':
        if (!hooks.dataDir) throw new Error('threat_action needs the agent data directory');
        result = runThreatAction(command.payload, hooks.dataDir);
        break;
      default:
        result = { status: 'failed', stderr: `Unknown command type ${(command as { type: string }).type}` };
    }
  } catch (error) {
    result = { status: 'failed', stderr: error instanceof Error ? error.message : String(error) };
  }
  await hooks.postResult(command.id, result);
}

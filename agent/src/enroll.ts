// `enroll`: trade the enrollment key for this device's credential and write agent.yaml.
import os from 'node:os';
import { ApiClient, withRetry } from './http';
import { configPath, readConfig, writeConfig, type AgentConfig } from './config';
import { architecture, machineId, osType, osVersion } from './system-info';
import { memory, filesystems } from './metrics';
import { AGENT_VERSION } from './version';

export interface EnrollOptions {
  server: string;
  key: string;
  secret?: string;
  dataDir: string;
  force?: boolean;
}

interface EnrollResponse {
  agentId: string;
  deviceId: string;
  authToken: string;
  orgId: string;
  siteId: string | null;
  heartbeatIntervalSeconds: number;
  /** Absent from servers that predate signed releases. */
  releaseSigningKey?: string;
}

export async function enroll(opts: EnrollOptions): Promise<{ config: AgentConfig; file: string }> {
  if (!opts.force && readConfig(opts.dataDir)) {
    throw new Error(`already enrolled: ${configPath(opts.dataDir)} exists (use --force to enroll again)`);
  }
  const api = new ApiClient(opts.server);
  try {
    const cpus = os.cpus();
    const disk = filesystems().reduce((sum, d) => sum + d.totalBytes, 0);
    const body = {
      enrollmentKey: opts.key,
      ...(opts.secret ? { enrollmentSecret: opts.secret } : {}),
      hostname: os.hostname(),
      osType: osType(),
      osVersion: await osVersion(),
      architecture: architecture(),
      agentVersion: AGENT_VERSION,
      machineId: await machineId(),
      hardware: {
        cpuModel: cpus[0]?.model?.trim().slice(0, 255) || undefined,
        cpuCores: cpus.length || undefined,
        memoryBytes: memory().totalBytes,
        ...(disk > 0 ? { diskTotalBytes: disk } : {}),
      },
    };
    // A fleet enrolling at once may meet rate limits or a busy server: retry those, not refusals.
    const res = await withRetry(() => api.request<EnrollResponse>('POST', '/agents/enroll', body));
    const config: AgentConfig = {
      server: api.base,
      agentId: res.body.agentId,
      deviceId: res.body.deviceId,
      token: res.body.authToken,
      orgId: res.body.orgId,
      siteId: res.body.siteId,
      heartbeatIntervalSeconds: res.body.heartbeatIntervalSeconds,
      enrolledAt: new Date().toISOString(),
      // Trusted on first use, over the same (HTTPS) connection that issued the credential.
      ...(res.body.releaseSigningKey ? { releaseSigningKey: res.body.releaseSigningKey } : {}),
    };
    return { config, file: writeConfig(opts.dataDir, config) };
  } finally {
    api.close();
  }
}

// The result of a policy_check command: one answer per check (ZPolicyCheckResult). Each answer
// updates the current result of its policy and check (an `unsupported` answer is stored as such
// and never counts as a violation), then the device's compliance is recomputed. A command that
// failed, timed out or answered something unreadable records `error` for each of its checks.
import type { z } from 'zod';
import type { Tx } from '@/lib/db';
import type { DeviceCommand } from '@/lib/generated/prisma/client';
import type { ZCommandResultBody } from '@/lib/agents/schemas';
import { ZPolicyCheckPayload, ZPolicyCheckResult, type AgentCheckResult } from '@/lib/policies/check-wire';
import { lockDevicesForPolicies, recomputeCompliance, upsertResults, type ResultRow } from '@/lib/policies/evaluate-policies';

const WIRE_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(.+)$/i;

export async function recordPolicyCheckCommandResult(
  tx: Tx,
  command: Pick<DeviceCommand, 'id' | 'type' | 'payload' | 'deviceId' | 'partnerId' | 'orgId'>,
  input: z.output<typeof ZCommandResultBody>,
): Promise<void> {
  if (command.type !== 'policy_check') return;
  const payload = ZPolicyCheckPayload.safeParse(command.payload);
  if (!payload.success) return;
  await lockDevicesForPolicies(tx, [command.deviceId]);
  const parsed = input.status === 'completed' ? ZPolicyCheckResult.safeParse(input.result ?? {}) : null;
  const answers = new Map<string, AgentCheckResult>(parsed?.success ? parsed.data.checks.map((c) => [c.id, c]) : []);
  const failure =
    input.status !== 'completed' ? `The policy_check command ended ${input.status}` : parsed && !parsed.success ? 'The agent answered a result this server cannot read' : 'The agent returned no result for this check';

  // Wire ids are `<policyId>:<checkId>`; a command queued otherwise (by hand, by an older
  // server) names no policy check and changes nothing.
  const wanted = payload.data.checks.flatMap((c) => {
    const m = WIRE_ID.exec(c.id);
    return m ? [{ wireId: c.id, policyId: m[1], checkId: m[2] }] : [];
  });
  if (!wanted.length) return;
  // Only checks still current: a result row exists for the active policy that still has this check.
  const current = await tx.devicePolicyResult.findMany({
    where: { deviceId: command.deviceId, policy: { active: true }, OR: wanted.map((w) => ({ policyId: w.policyId, checkId: w.checkId })) },
    select: { policyId: true, checkId: true, orgId: true },
  });
  if (!current.length) return;
  const rows: ResultRow[] = current.map((c) => {
    const answer = answers.get(`${c.policyId}:${c.checkId}`);
    return {
      deviceId: command.deviceId,
      policyId: c.policyId,
      checkId: c.checkId,
      partnerId: command.partnerId,
      orgId: command.orgId,
      status: answer ? answer.status : 'error',
      detail: answer ? detailOf(answer) : failure,
    };
  });
  await upsertResults(tx, rows, 'replace');
  await recomputeCompliance(tx, [command.deviceId], [...new Set(rows.map((r) => r.policyId))]);
}

function detailOf(a: AgentCheckResult): string {
  const parts = [a.detail];
  if (a.remediated) parts.push(`remediation ran${a.remediationExitCode !== undefined && a.remediationExitCode !== null ? ` (exit code ${a.remediationExitCode})` : ''}`);
  return parts.filter(Boolean).join('; ').slice(0, 4000);
}

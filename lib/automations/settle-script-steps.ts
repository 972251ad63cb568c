// A run_script step stays `running` from the moment its command is queued until the script's
// execution reaches a final state: the agent's result, the server's time-out, or a cancel. Each
// of those calls this in its own transaction, so the step's outcome commits with the result, and
// the run's job is queued again to go on with the next action (or finish the run). Nothing
// waits in memory: a worker that dies meanwhile loses nothing.
import type { Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { RUN_TASK } from '@/lib/automations/start-run';

/** Characters of stdout (its end) and stderr kept on the step; the execution keeps all of it. */
export const OUTPUT_EXCERPT_CHARS = 2000;

const FINAL = new Set(['completed', 'failed', 'timed_out', 'cancelled']);

function tail(text: string | null, max: number): string | null {
  if (text === null) return null;
  return text.length > max ? `…${text.slice(text.length - max)}` : text;
}

export function runJobKey(runId: string): string {
  return `automation_run:${runId}`;
}

export async function settleScriptSteps(tx: Tx, executionIds: string[]): Promise<number> {
  if (executionIds.length === 0) return 0;
  const steps = await tx.automationRunStep.findMany({ where: { executionId: { in: executionIds }, status: 'running' }, select: { id: true, runId: true, executionId: true, result: true } });
  if (steps.length === 0) return 0;
  const executions = new Map(
    (await tx.scriptExecution.findMany({ where: { id: { in: steps.map((s) => s.executionId!) } }, select: { id: true, status: true, exitCode: true, stdout: true, stderr: true, truncated: true, durationMs: true } })).map((e) => [e.id, e]),
  );
  const runs = new Set<string>();
  for (const step of steps) {
    const e = executions.get(step.executionId!);
    if (!e || !FINAL.has(e.status)) continue;
    const succeeded = e.status === 'completed' && (e.exitCode === 0 || e.exitCode === null);
    const error = succeeded ? null : e.status === 'completed' || e.status === 'failed' ? `The script exited with code ${e.exitCode ?? 'unknown'}` : `The script ${e.status === 'timed_out' ? 'timed out' : 'was cancelled'}`;
    const result = {
      ...((step.result as Record<string, unknown> | null) ?? {}),
      executionStatus: e.status,
      exitCode: e.exitCode,
      durationMs: e.durationMs,
      stdout: tail(e.stdout, OUTPUT_EXCERPT_CHARS),
      stderr: tail(e.stderr, OUTPUT_EXCERPT_CHARS),
      truncated: e.truncated || (e.stdout?.length ?? 0) > OUTPUT_EXCERPT_CHARS || (e.stderr?.length ?? 0) > OUTPUT_EXCERPT_CHARS,
    };
    const changed = await tx.automationRunStep.updateMany({
      where: { id: step.id, status: 'running' },
      data: { status: succeeded ? 'succeeded' : 'failed', result: result as Prisma.InputJsonValue, error, finishedAt: new Date() },
    });
    if (changed.count) runs.add(step.runId);
  }
  for (const runId of runs) await enqueueJob(tx, RUN_TASK, { runId }, { jobKey: runJobKey(runId), maxAttempts: 10 });
  return runs.size;
}

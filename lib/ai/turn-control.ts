// One generation at a time per session, coordinated through the session row so that any web
// process can see and stop it: a turn claims the row (status generating, a fresh turn id), keeps
// a heartbeat on it, and checks between model chunks whether an interrupt was asked for (POST
// …/interrupt may land on another process). A turn whose process died stops holding the row once
// its heartbeat is older than STALE_TURN_MS.
import { randomUUID } from 'node:crypto';
import { db } from '@/lib/db';

const STALE_TURN_MS = 60_000;
const HEARTBEAT_MS = 10_000;
/** How often a running turn reads the interrupt flag while the model is quiet. */
const POLL_MS = 250;

/** Claims the session for a new turn; null when another live turn holds it. */
export async function claimTurn(sessionId: string): Promise<string | null> {
  const turnId = randomUUID();
  const now = new Date();
  const { count } = await db.aiSession.updateMany({
    where: { id: sessionId, OR: [{ status: { not: 'generating' } }, { turnHeartbeatAt: null }, { turnHeartbeatAt: { lt: new Date(now.getTime() - STALE_TURN_MS) } }] },
    data: { status: 'generating', turnId, turnHeartbeatAt: now, interruptRequestedAt: null },
  });
  return count === 1 ? turnId : null;
}

/** Gives the session back: awaiting approval while executions wait, idle otherwise. */
export async function releaseTurn(sessionId: string, turnId: string): Promise<void> {
  const pending = await db.aiToolExecution.count({ where: { sessionId, status: 'pending' } });
  await db.aiSession.updateMany({ where: { id: sessionId, turnId }, data: { status: pending ? 'awaiting_approval' : 'idle', turnId: null, turnHeartbeatAt: null } });
}

export interface TurnWatch {
  /** Aborted when an interrupt is asked for, the session is deleted, or the client goes away. */
  signal: AbortSignal;
  /** True once an interrupt (or the session's deletion) stopped the turn. */
  interrupted(): boolean;
  /** Reads the flag now (between steps). */
  check(): Promise<boolean>;
  stop(): void;
}

export function watchTurn(sessionId: string, turnId: string, clientGone: AbortSignal): TurnWatch {
  const controller = new AbortController();
  let stopped = false;
  let interrupted = false;
  let lastBeat = Date.now();
  const check = async (): Promise<boolean> => {
    if (interrupted) return true;
    const row = await db.aiSession.findFirst({ where: { id: sessionId, turnId }, select: { interruptRequestedAt: true } });
    if (!row || row.interruptRequestedAt) {
      interrupted = true;
      controller.abort();
      return true;
    }
    if (Date.now() - lastBeat > HEARTBEAT_MS) {
      lastBeat = Date.now();
      await db.aiSession.updateMany({ where: { id: sessionId, turnId }, data: { turnHeartbeatAt: new Date() } });
    }
    return false;
  };
  const onGone = () => controller.abort();
  clientGone.addEventListener('abort', onGone);
  const poll = async () => {
    while (!stopped && !interrupted) {
      await new Promise((r) => setTimeout(r, POLL_MS).unref());
      if (stopped) break;
      await check().catch(() => undefined);
    }
  };
  void poll();
  return {
    signal: controller.signal,
    interrupted: () => interrupted,
    check,
    stop: () => {
      stopped = true;
      clientGone.removeEventListener('abort', onGone);
    },
  };
}

/** Cancels the session's executions still waiting for approval; returns how many. */
export async function cancelPendingExecutions(sessionId: string, why: string): Promise<number> {
  const { count } = await db.aiToolExecution.updateMany({ where: { sessionId, status: 'pending' }, data: { status: 'cancelled', completedAt: new Date(), result: { message: why } } });
  return count;
}

// The deployment state machine, as one table: (state, action) → next state. Routes and the
// worker ask it before every change and write with a conditional update on the state they read,
// so a concurrent change makes the second writer see 409 (or, in the worker, do nothing).
import { conflict } from '@/lib/http/errors';
import type { DeploymentStatusName } from '@/lib/deployments/schemas';

export const DEPLOYMENT_ACTIONS = ['update', 'initialize', 'start', 'pause', 'resume', 'cancel', 'delete', 'retry', 'threshold_pause', 'complete', 'fail'] as const;
export type DeploymentAction = (typeof DEPLOYMENT_ACTIONS)[number];

/** `deleted`: the record goes away. Missing pairs are refused. */
export type TransitionTarget = DeploymentStatusName | 'deleted';

const TABLE: Record<DeploymentStatusName, Partial<Record<DeploymentAction, TransitionTarget>>> = {
  draft: { update: 'draft', initialize: 'ready', cancel: 'cancelled', delete: 'deleted' },
  // An edit drops the resolved device rows: the deployment is initialized again.
  ready: { update: 'draft', start: 'running', cancel: 'cancelled', delete: 'deleted' },
  running: { pause: 'paused', threshold_pause: 'paused', cancel: 'cancelled', retry: 'running', complete: 'completed', fail: 'failed' },
  paused: { resume: 'running', cancel: 'cancelled', retry: 'paused' },
  completed: { retry: 'running', delete: 'deleted' },
  failed: { retry: 'running', delete: 'deleted' },
  cancelled: { delete: 'deleted' },
};

/** The state after `action`, or null when the action is not allowed in `status`. */
export function nextDeploymentState(status: DeploymentStatusName, action: DeploymentAction): TransitionTarget | null {
  return TABLE[status][action] ?? null;
}

/** As nextDeploymentState, but a refused action is a 409 DEPLOYMENT_STATE naming both. */
export function assertDeploymentTransition(status: DeploymentStatusName, action: DeploymentAction): TransitionTarget {
  const next = nextDeploymentState(status, action);
  if (!next) throw conflict(`A ${status} deployment cannot ${action.replace('_', ' ')}`, 'DEPLOYMENT_STATE', { status, action });
  return next;
}

export const DEPLOYMENT_STATES_DOC = [
  '**States**: `draft` --initialize--> `ready` (targets resolved into device rows and batches; 409 `NO_TARGET_DEVICES` if none) --start--> `running` --pause--> `paused` --resume--> `running`.',
  'A `running` deployment pauses itself (pauseReason `failure_threshold`) when, after at least one full batch, failed devices over finished devices exceed `failureThresholdPercent`; it becomes `completed` when every device row is terminal and none failed or expired, `failed` when every row is terminal and some failed or expired.',
  '`draft` and `ready` can be edited (an edit of `ready` returns it to `draft`). Any non-terminal state can be cancelled → `cancelled`. A failed/expired/cancelled device row can be retried in `running`, `paused`, `completed` and `failed` deployments (a finished one runs again). Delete is allowed in `draft`, `ready`, `completed`, `failed`, `cancelled`.',
  'A refused transition answers 409 `DEPLOYMENT_STATE` with details `{ status, action }`.',
].join('\n\n');

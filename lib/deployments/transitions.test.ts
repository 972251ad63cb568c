import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_ACTIONS, assertDeploymentTransition, nextDeploymentState, type DeploymentAction, type TransitionTarget } from '@/lib/deployments/transitions';
import { DEPLOYMENT_STATUSES, type DeploymentStatusName } from '@/lib/deployments/schemas';

// Every (state, action) pair: the expected next state, or null for a refusal.
const EXPECTED: Record<DeploymentStatusName, Record<DeploymentAction, TransitionTarget | null>> = {
  draft: { update: 'draft', initialize: 'ready', start: null, pause: null, resume: null, cancel: 'cancelled', delete: 'deleted', retry: null, threshold_pause: null, complete: null, fail: null },
  ready: { update: 'draft', initialize: null, start: 'running', pause: null, resume: null, cancel: 'cancelled', delete: 'deleted', retry: null, threshold_pause: null, complete: null, fail: null },
  running: { update: null, initialize: null, start: null, pause: 'paused', resume: null, cancel: 'cancelled', delete: null, retry: 'running', threshold_pause: 'paused', complete: 'completed', fail: 'failed' },
  paused: { update: null, initialize: null, start: null, pause: null, resume: 'running', cancel: 'cancelled', delete: null, retry: 'paused', threshold_pause: null, complete: null, fail: null },
  completed: { update: null, initialize: null, start: null, pause: null, resume: null, cancel: null, delete: 'deleted', retry: 'running', threshold_pause: null, complete: null, fail: null },
  failed: { update: null, initialize: null, start: null, pause: null, resume: null, cancel: null, delete: 'deleted', retry: 'running', threshold_pause: null, complete: null, fail: null },
  cancelled: { update: null, initialize: null, start: null, pause: null, resume: null, cancel: null, delete: 'deleted', retry: null, threshold_pause: null, complete: null, fail: null },
};

describe('deployment transitions', () => {
  for (const status of DEPLOYMENT_STATUSES) {
    for (const action of DEPLOYMENT_ACTIONS) {
      const expected = EXPECTED[status][action];
      it(`${status} --${action}--> ${expected ?? 'refused'}`, () => {
        expect(nextDeploymentState(status, action)).toBe(expected);
        if (expected) expect(assertDeploymentTransition(status, action)).toBe(expected);
        else {
          try {
            assertDeploymentTransition(status, action);
            expect.unreachable();
          } catch (e) {
            expect(e).toMatchObject({ code: 'DEPLOYMENT_STATE', status: 409, details: { status, action } });
          }
        }
      });
    }
  }
});

// The security checks as policy posture checks (`security_posture` with these keys), decided
// from the device's last security report: a policy can require any of them, or a minimum score
// (`security_score_at_least`, params.minScore, default 70). A device that never reported is
// `error` (no data), an area the agent could not read is `unsupported` (not a violation).
import { registerPostureCheck, type PostureOutcome } from '@/lib/policies/posture-checks';
import { SECURITY_CHECK_KEYS } from '@/lib/security/posture-schemas';
import { CHECK_INFO } from '@/lib/security/score';
import type { CheckOutcome } from '@/lib/security/score';

const NO_REPORT: PostureOutcome = { status: 'error', detail: 'The device has not reported its security state' };

for (const key of SECURITY_CHECK_KEYS) {
  registerPostureCheck(
    `security_${key}`,
    async (client, deviceIds) => {
      const states = await client.deviceSecurityState.findMany({ where: { deviceId: { in: deviceIds } }, select: { deviceId: true, checks: true } });
      const out = new Map<string, PostureOutcome>(deviceIds.map((id) => [id, NO_REPORT]));
      for (const s of states) {
        const c = (Array.isArray(s.checks) ? (s.checks as unknown as CheckOutcome[]) : []).find((x) => x.key === key);
        if (!c) continue;
        out.set(s.deviceId, { status: c.status === 'unknown' ? 'unsupported' : c.status, detail: c.detail });
      }
      return out;
    },
    `${CHECK_INFO[key].label} (security report)`,
  );
}

registerPostureCheck(
  'security_score_at_least',
  async (client, deviceIds, params) => {
    const min = typeof params.minScore === 'number' ? params.minScore : 70;
    const states = await client.deviceSecurityState.findMany({ where: { deviceId: { in: deviceIds } }, select: { deviceId: true, score: true } });
    const out = new Map<string, PostureOutcome>(deviceIds.map((id) => [id, NO_REPORT]));
    for (const s of states) {
      if (s.score === null) out.set(s.deviceId, { status: 'unsupported', detail: 'No security check could be decided on this device' });
      else out.set(s.deviceId, s.score >= min ? { status: 'pass', detail: `Security score ${s.score} (minimum ${min})` } : { status: 'fail', detail: `Security score ${s.score} is below ${min}` });
    }
    return out;
  },
  'The security score is at least params.minScore (default 70)',
);

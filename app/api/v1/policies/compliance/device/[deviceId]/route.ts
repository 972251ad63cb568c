// GET /api/v1/policies/compliance/device/:deviceId — one device against every active policy.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { COMPLIANCE_STATUSES, ZDeviceComplianceQuery, ZDevicePolicyCompliance } from '@/lib/policies/schemas';
import { deviceCompliance } from '@/lib/policies/read-policies';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:read',
  params: ZDeviceComplianceQuery,
  summary: 'Policy compliance of a device',
  description:
    'Needs `policies:read`. The device’s overall state (its worst over active policies, null when none has checks) and, per active policy evaluated for it, the stored result of each check. A device outside the caller’s scope is 404.',
  tags: ['Policies'],
  response: z.object({ deviceId: z.string().uuid(), status: z.enum(COMPLIANCE_STATUSES).nullable(), policies: z.array(ZDevicePolicyCompliance) }).meta({ id: 'DeviceCompliance' }),
  handler: ({ ctx, params }) => deviceCompliance(ctx, params.deviceId),
});

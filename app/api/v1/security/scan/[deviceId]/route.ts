// POST /api/v1/security/scan/:deviceId — run a ClamAV threat scan on the device.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceIdParams, ZScanRequest, ZSecurityScan } from '@/lib/security/posture-schemas';
import { requestScan } from '@/lib/security/threats';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZDeviceIdParams,
  body: ZScanRequest,
  status: 202,
  summary: 'Scan a device for threats',
  description: 'Needs `devices:execute`. Queues a `security_scan` command: the agent runs ClamAV (`clamscan -r`) over `paths` (else the security policy’s scan paths, else /home, /tmp, /var/tmp, /root); each detection becomes a threat. 422 `SCAN_UNSUPPORTED_OS` for a device that is not Linux, 422 `CLAMAV_NOT_INSTALLED` when its last security report says ClamAV is not installed, 422 `SECURITY_STATE_UNKNOWN` before its first report, 409 `DEVICE_INACTIVE` for a decommissioned or uninstalled device.',
  tags: ['Security'],
  response: ZSecurityScan,
  errors: [422],
  audit: 'security.scan.request',
  handler: ({ ctx, params, body }) => requestScan(ctx, params.deviceId, body),
});

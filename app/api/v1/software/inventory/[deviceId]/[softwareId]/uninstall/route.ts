// POST /api/v1/software/inventory/:deviceId/:softwareId/uninstall — remove a package from a device.
import { defineRoute } from '@/lib/http/define-route';
import { ZUninstallParams, ZUninstallResponse } from '@/lib/software/schemas';
import { uninstallDeviceSoftware } from '@/lib/software/uninstall-device-software';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZUninstallParams,
  status: 202,
  summary: 'Uninstall a package from a device',
  description: [
    'Queues an `uninstall_software` command. The agent removes the package with the machine’s package manager (`apt-get remove -y`, `dnf remove -y` or `apk del`, whichever is present and knows the package), reports the output as the command result, and uploads a fresh inventory. A package the package manager does not know fails with a result saying so (`result.code` `PACKAGE_NOT_FOUND`).',
    '`softwareId` is a row of `GET /software/inventory/:deviceId` (rows are replaced by every inventory upload: an old id answers 404). 422 `UNINSTALL_NOT_SUPPORTED` on a device that cannot uninstall (Windows and macOS agents); 409 `ALREADY_PENDING` while an uninstall of the same package is still waiting for the device; 409 `DEVICE_INACTIVE` for an uninstalled or decommissioned device.',
  ].join('\n\n'),
  tags: ['Software'],
  response: ZUninstallResponse,
  handler: ({ ctx, params }) => uninstallDeviceSoftware(ctx, params.deviceId, params.softwareId),
});

// DELETE /api/v1/discovery/assets/:id — forget a discovered asset.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { deleteAsset } from '@/lib/discovery/assets';

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  params: ZIdParams,
  summary: 'Delete a discovered asset',
  description: 'Needs `discovery:manage`. Deletes the asset and the monitors its monitoring created (their open alerts are resolved). A later scan that finds the host again creates a new asset; ignore it instead to keep it out of later scans.',
  tags: ['Discovery'],
  handler: ({ ctx, params }) => deleteAsset(ctx, params.id),
});

// GET /api/v1/scripts/bundle/export?ids= — scripts as a bundle document.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdsQuery } from '@/lib/scripts/schemas';
import { ZBundleExport } from '@/lib/scripts/bundles/schemas';
import { exportBundle } from '@/lib/scripts/bundles/export-bundle';

export const GET = defineRoute({
  auth: 'user',
  permission: 'scripts:read',
  mfa: true,
  scopes: ['partner', 'system'],
  query: ZIdsQuery,
  summary: 'Export scripts as a bundle',
  description: '`ids`: comma-separated script ids (up to 200). Answers `{ bundleVersion: 1, scripts: [...] }` with the entry fields of doc 3 in the order asked; content is byte-for-byte what was stored, so export → import round-trips it exactly. Any id missing or outside your scope: 404. Partner-admin JWT with MFA.',
  tags: ['Script bundles'],
  response: ZBundleExport,
  handler: ({ ctx, query }) => exportBundle(ctx, query.ids),
});

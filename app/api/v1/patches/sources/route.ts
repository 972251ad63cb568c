// GET /api/v1/patches/sources — the patch sources and what each covers.
import { defineRoute } from '@/lib/http/define-route';
import { ZPatchSources } from '@/lib/patches/schemas';
import { listPatchSources } from '@/lib/patches/list-patch-sources';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  summary: 'List patch sources',
  description: 'The five sources a patch can come from, whether the agent scans it, and how many patches in scope it has.',
  tags: ['Patches'],
  response: ZPatchSources,
  handler: ({ ctx }) => listPatchSources(ctx),
});

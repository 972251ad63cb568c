// GET /api/v1/scripts/system-library — the built-in library.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZLibraryScript, ZSystemLibraryQuery } from '@/lib/scripts/schemas';
import { listSystemLibrary } from '@/lib/scripts/list-library';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  query: ZSystemLibraryQuery,
  summary: 'List the system script library',
  description: 'Built-in, read-only scripts for each OS (disk cleanup, restarting a service, collecting logs, checking for a pending reboot, disk space, DNS, processes …). Clone one into your library with POST /scripts/import/:id.',
  tags: ['Scripts'],
  response: z.object({ data: z.array(ZLibraryScript) }),
  handler: ({ query }) => listSystemLibrary(query),
});

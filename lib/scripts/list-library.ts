// GET /scripts/system-library and GET /script-library/templates: the built-in catalogues.
import type { z } from 'zod';
import type { TLibraryScript, ZSystemLibraryQuery } from '@/lib/scripts/schemas';
import { SYSTEM_LIBRARY } from '@/lib/scripts/system-library';
import { SCRIPT_TEMPLATES } from '@/lib/scripts/templates';

function filter(rows: readonly TLibraryScript[], q: z.output<typeof ZSystemLibraryQuery>) {
  const search = q.search?.toLowerCase();
  return rows.filter(
    (s) =>
      (!q.osType || s.osTypes.includes(q.osType)) &&
      (!q.language || s.language === q.language) &&
      (!q.category || s.category.toLowerCase() === q.category.toLowerCase()) &&
      (!search || s.name.toLowerCase().includes(search) || s.description.toLowerCase().includes(search)),
  );
}

export const listSystemLibrary = (q: z.output<typeof ZSystemLibraryQuery>) => ({ data: filter(SYSTEM_LIBRARY, q) });
export const listTemplates = (q: z.output<typeof ZSystemLibraryQuery>) => ({ data: filter(SCRIPT_TEMPLATES, q) });

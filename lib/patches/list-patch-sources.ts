// GET /patches/sources: the five sources, with how many patches in scope each has.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { patchWhere } from '@/lib/patches/patch-scope';
import { PATCH_SOURCES } from '@/lib/patches/schemas';

const ABOUT: Record<(typeof PATCH_SOURCES)[number], { label: string; description: string; scannedByAgent: boolean }> = {
  os_vendor_a: { label: 'OS vendor A', description: 'Operating-system updates of the first desktop OS vendor', scannedByAgent: false },
  os_vendor_b: { label: 'OS vendor B', description: 'Operating-system updates of the second desktop OS vendor', scannedByAgent: false },
  linux: { label: 'Linux', description: 'Distribution packages through apt (Debian, Ubuntu) or dnf (Fedora, RHEL family)', scannedByAgent: true },
  third_party: { label: 'Third party', description: 'Applications from the third-party catalog, with vendor, version and CVE ids', scannedByAgent: false },
  custom: { label: 'Custom', description: 'Packages your own team publishes', scannedByAgent: false },
};

export async function listPatchSources(ctx: ActorContext) {
  const counts = await db.patch.groupBy({ by: ['source'], where: patchWhere(ctx), _count: { _all: true } });
  return { data: PATCH_SOURCES.map((source) => ({ source, ...ABOUT[source], patches: counts.find((c) => c.source === source)?._count._all ?? 0 })) };
}

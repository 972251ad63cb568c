// The package managers an agent may report patches from: which patch source each one's
// updates belong to, and on which operating systems it can run.
import type { PATCH_SOURCES } from '@/lib/patches/schemas';

type PatchSource = (typeof PATCH_SOURCES)[number];
type OsType = 'windows' | 'macos' | 'linux';

export const PATCH_MANAGERS = ['apt', 'dnf', 'windows_update', 'softwareupdate', 'winget', 'choco', 'brew', 'custom'] as const;
export type PatchManager = (typeof PATCH_MANAGERS)[number];

const MANAGERS: Record<PatchManager, { source: PatchSource; os: readonly OsType[] }> = {
  apt: { source: 'linux', os: ['linux'] },
  dnf: { source: 'linux', os: ['linux'] },
  windows_update: { source: 'os_vendor_a', os: ['windows'] },
  softwareupdate: { source: 'os_vendor_b', os: ['macos'] },
  winget: { source: 'third_party', os: ['windows'] },
  choco: { source: 'third_party', os: ['windows'] },
  brew: { source: 'third_party', os: ['macos', 'linux'] },
  custom: { source: 'custom', os: ['windows', 'macos', 'linux'] },
};

/** The patch source a manager's updates are catalogued under. */
export function sourceOfManager(manager: PatchManager): PatchSource {
  return MANAGERS[manager].source;
}

/** The operating systems a manager runs on. */
export function osTypesOfManager(manager: PatchManager): readonly OsType[] {
  return MANAGERS[manager].os;
}

/** Whether a device of this OS can report from the manager; a device whose OS is not known yet can. */
export function managerFitsOs(manager: PatchManager, osType: string | null): boolean {
  return osType === null || (MANAGERS[manager].os as readonly string[]).includes(osType);
}

/** Sources the reference agent can install and roll back. */
export const INSTALLABLE_SOURCES: readonly PatchSource[] = ['linux'];

// The package managers a catalog reference, a third-party update source or a software_install
// command may name, and the operating system each runs on. Plain values (no server imports), so
// the console uses them too.
import type { OsType } from '@/lib/generated/prisma/client';

export const MANAGERS_BY_OS = {
  linux: ['apt', 'dnf', 'yum', 'apk', 'zypper'],
  windows: ['winget', 'choco'],
  macos: ['brew'],
} as const;

export const PACKAGE_MANAGERS = [...MANAGERS_BY_OS.linux, ...MANAGERS_BY_OS.windows, ...MANAGERS_BY_OS.macos] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

const OS_OF = new Map<string, OsType>(Object.entries(MANAGERS_BY_OS).flatMap(([os, managers]) => managers.map((m) => [m, os as OsType] as const)));

/** The operating system `manager` installs on, or null for a name that is not a package manager. */
export function osOfManager(manager: string): OsType | null {
  return OS_OF.get(manager) ?? null;
}

// Which devices can remove a package on request: the reference agent uninstalls through the
// Linux package managers (apt-get, dnf, apk); Windows and macOS agents have no uninstaller yet.
import type { OsType } from '@/lib/generated/prisma/client';

export function uninstallSupported(osType: OsType | null): boolean {
  return osType === 'linux';
}

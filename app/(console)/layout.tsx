import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/shell/console-shell';
import { publicConfig } from '@/lib/public-config';

// Rendered per request so the shell knows this server's settings (ENABLE_2FA), not the build's.
export const dynamic = 'force-dynamic';

export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return <ConsoleShell mfaEnforced={publicConfig().mfaEnforced}>{children}</ConsoleShell>;
}

import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/shell/console-shell';
import { publicConfig } from '@/lib/public-config';

export const dynamic = 'force-dynamic';

// Addresses no page matches ([...missing]) render the console's 404 inside the shell. The shell
// renders it while the session is still loading too, so the server's first render meets the
// not-found and the response answers 404, not 200.
export default function UnknownAddressLayout({ children }: { children: ReactNode }) {
  return (
    <ConsoleShell mfaEnforced={publicConfig().mfaEnforced} renderWhileLoading>
      {children}
    </ConsoleShell>
  );
}

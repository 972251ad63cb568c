'use client';

// A credential secret the server returns once (API keys, service principals): shown in a
// dialog that only closes through an explicit acknowledgement, with a copy button.
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/controls';
import { Dialog } from '@/components/ui/dialog';

export function OneTimeSecret({ title, secret, onDone, children }: { title: string; secret: string | null; onDone: () => void; children?: React.ReactNode }) {
  return (
    <Dialog open={secret !== null} onClose={onDone} title={title} dismissable={false} wide>
      {secret && (
        <div className="space-y-4">
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            Copy this key now and store it somewhere safe. It is shown only once: the server keeps only its hash, so nobody can show it to you again.
          </p>
          <div className="flex items-center gap-2">
            <code data-testid="one-time-secret" className="block min-w-0 flex-1 overflow-x-auto rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all select-all dark:bg-slate-800">
              {secret}
            </code>
            <CopyButton text={secret} label="Copy key" />
          </div>
          {children}
          <div className="flex justify-end">
            <Button onClick={onDone}>I have stored the key</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

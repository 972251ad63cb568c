'use client';

// The top bar's "Assistant" button and the side panel it opens (for users with `ai:use`).
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useCan } from '@/hooks/use-me';
import { AssistantPanel } from '@/components/ai/assistant-panel';

export function AssistantLauncher() {
  const [open, setOpen] = useState(false);
  const allowed = useCan('ai:use');
  if (!allowed) return null;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        data-testid="ai-open"
        onClick={() => setOpen((v) => !v)}
        className="rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        Assistant
      </button>
      {/* Into the body: the top bar's backdrop blur would make it the panel's containing block. */}
      {open && createPortal(<AssistantPanel onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

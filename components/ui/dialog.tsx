'use client';

// Modal dialog on the native <dialog> element: focus moves in and is trapped, Escape closes
// (unless `dismissable` is false), focus returns to the opener on close.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog({ open, onClose, title, children, dismissable = true, wide = false }: { open: boolean; onClose: () => void; title: string; children: ReactNode; dismissable?: boolean; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissable) onClose();
      }}
      onClick={(e) => {
        if (dismissable && e.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-3xl' : 'max-w-md'} rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open && (
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {dismissable && (
              <button type="button" onClick={onClose} aria-label="Close" className="rounded px-2 text-xl leading-none text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800">
                ×
              </button>
            )}
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

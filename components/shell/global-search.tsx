'use client';

// Global search (Ctrl/⌘+K or "/"): a combobox over GET /search with arrow-key navigation.
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearch, type SearchHit } from '@/hooks/use-search';
import { Dialog } from '@/components/ui/dialog';

const TYPE_LABELS: Record<SearchHit['type'], string> = { devices: 'Devices', organizations: 'Organizations', users: 'Users', alerts: 'Alerts', scripts: 'Scripts' };

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const debounced = useDebounced(q, 150);
  const search = useSearch(debounced);
  const router = useRouter();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const hits = q.trim() ? (search.data?.results ?? []) : [];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);
      if ((e.key === 'k' && (e.metaKey || e.ctrlKey)) || (e.key === '/' && !typing)) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setActive(0), [debounced]);

  const go = (hit: SearchHit) => {
    setOpen(false);
    setQ('');
    router.push(hit.url);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-500 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
        aria-keyshortcuts="Control+K Meta+K /"
      >
        <span>Search</span>
        <kbd className="hidden rounded border border-slate-300 px-1 text-xs sm:inline dark:border-slate-600">Ctrl K</kbd>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Search" wide>
        <input
          ref={input}
          autoFocus
          type="search"
          role="combobox"
          aria-label="Search devices, organizations, users, alerts, scripts"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={hits[active] ? `${listId}-${active}` : undefined}
          placeholder="Search devices, organizations, users, alerts, scripts…"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, hits.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && hits[active]) {
              e.preventDefault();
              go(hits[active]);
            }
          }}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-700 dark:bg-slate-950"
        />
        <ul id={listId} role="listbox" aria-label="Results" className="mt-3 max-h-[60vh] overflow-y-auto">
          {hits.map((hit, i) => (
            <li
              key={`${hit.type}-${hit.id}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseEnter={() => setActive(i)}
              onClick={() => go(hit)}
              className={`flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm ${i === active ? 'bg-brand-50 dark:bg-slate-800' : ''}`}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{hit.title}</span>
                {hit.subtitle && <span className="block truncate text-xs text-slate-500">{hit.subtitle}</span>}
              </span>
              <span className="shrink-0 text-xs text-slate-500">{TYPE_LABELS[hit.type]}</span>
            </li>
          ))}
        </ul>
        {q.trim() && search.data && hits.length === 0 && !search.isFetching && (
          <p className="mt-3 text-sm text-slate-500" role="status">
            Nothing matches “{q.trim()}”.
          </p>
        )}
        {!q.trim() && <p className="mt-3 text-xs text-slate-500">Type to search. ↑ ↓ to move, Enter to open, Esc to close.</p>}
      </Dialog>
    </>
  );
}

'use client';

// The sidebar: Dashboard pinned on top, then collapsible sections. A section the user opened or
// closed stays that way (localStorage); of the others, the one holding the current page is open.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
import { HOME, useNavAccess, type NavItem } from '@/components/shell/nav-items';

const STORAGE_KEY = 'rmm-nav-sections';

function readStored(): Record<string, boolean> {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    if (!raw || typeof raw !== 'object') return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
  } catch {
    return {};
  }
}

/** The longest matching entry is the current one (/import/contacts is Import contacts, not Import). */
export function currentHref(pathname: string, items: NavItem[]): string | undefined {
  const matches = (href: string) => (href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`));
  return items
    .filter((n) => matches(n.href))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
}

function NavLink({ item, active }: { item: NavItem; active: boolean }) {
  return (
    <Link
      href={item.href}
      aria-current={active ? 'page' : undefined}
      className={`block rounded-md px-3 py-2 text-sm ${active ? 'bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
    >
      {item.label}
    </Link>
  );
}

export function SidebarNav() {
  const pathname = usePathname();
  const { sections } = useNavAccess();
  const baseId = useId();
  const [stored, setStored] = useState<Record<string, boolean>>({});
  // localStorage is read after mount so the server render and the first client render agree.
  useEffect(() => setStored(readStored()), []);

  const current = currentHref(pathname, [HOME, ...sections.flatMap((g) => g.items)]);
  // Untouched sections: the one holding the current page is open; on a page none holds (the
  // dashboard), the first one is.
  const home = sections.find((g) => g.items.some((i) => i.href === current))?.section ?? sections[0]?.section;
  const isOpen = (section: string) => stored[section] ?? section === home;
  const toggle = (section: string, open: boolean) => {
    const next = { ...readStored(), [section]: open };
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled: the choice holds for this page only.
    }
    setStored(next);
  };

  return (
    <nav aria-label="Main" className="space-y-3 px-3 pb-6">
      <ul>
        <li>
          <NavLink item={HOME} active={current === HOME.href} />
        </li>
      </ul>
      {sections.map((group, i) => {
        const open = isOpen(group.section);
        const listId = `${baseId}-section-${i}`;
        return (
          <div key={group.section}>
            <h2>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => toggle(group.section, !open)}
                className="flex w-full items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <span>{group.section}</span>
                <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
                  ›
                </span>
              </button>
            </h2>
            <ul id={listId} hidden={!open} className="mt-0.5 space-y-0.5">
              {group.items.map((item) => (
                <li key={item.href}>
                  <NavLink item={item} active={item.href === current} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

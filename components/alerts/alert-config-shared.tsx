'use client';

// Pieces shared by the alert configuration pages: the Alerts sub-navigation, field errors from
// the API envelope, severity badges, scope names and a confirm dialog.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { useCan, useMe } from '@/hooks/use-me';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { ApiError } from '@/lib/client/api-client';
import { Badge, INPUT_CLASS, type Tone } from '@/components/ui/controls';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

const SECTIONS = [
  { href: '/alerts', label: 'Inbox', permission: 'alerts:read' },
  { href: '/alerts/rules', label: 'Rules', permission: 'alerts:read' },
  { href: '/alerts/channels', label: 'Channels', permission: 'alerts:read' },
  { href: '/alerts/policies', label: 'Policies', permission: 'alerts:read' },
  { href: '/alerts/templates', label: 'Templates', permission: 'alerts:read' },
  { href: '/alerts/monitors', label: 'Monitors', permission: 'devices:read' },
] as const;

export function AlertsSubnav() {
  const pathname = usePathname();
  const canAlerts = useCan('alerts:read');
  const canDevices = useCan('devices:read');
  const allowed = (p: string) => (p === 'alerts:read' ? canAlerts : canDevices);
  return (
    <nav aria-label="Alerts sections" className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      {SECTIONS.filter((s) => allowed(s.permission)).map((s) => {
        const active = s.href === '/alerts' ? pathname === '/alerts' : pathname === s.href || pathname.startsWith(`${s.href}/`);
        return (
          <Link
            key={s.href}
            href={s.href}
            aria-current={active ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500 ${active ? 'border-brand-600 font-medium text-brand-700 dark:text-white' : 'border-transparent text-slate-500 hover:text-slate-800 dark:hover:text-slate-200'}`}
          >
            {s.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** The form-level message: the envelope's message, or a fallback for transport errors. */
export function messageOf(err: unknown, fallback = 'The request failed'): string {
  return err instanceof ApiError ? err.message : err instanceof Error ? err.message : fallback;
}

export const SEVERITY_TONE: Record<string, Tone> = { critical: 'red', high: 'red', medium: 'amber', low: 'blue', info: 'slate' };

export function SeverityBadge({ severity }: { severity: string }) {
  return <Badge tone={SEVERITY_TONE[severity] ?? 'slate'}>{severity}</Badge>;
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return <Badge tone={enabled ? 'green' : 'slate'}>{enabled ? 'enabled' : 'disabled'}</Badge>;
}

/** "Partner-wide" for a null orgId, else the organization's name. */
export function useScopeName() {
  const orgs = useAllOrganizations();
  return (orgId: string | null) => (orgId === null ? 'Partner-wide' : (orgs.data?.find((o) => o.id === orgId)?.name ?? 'Organization'));
}

/** A destructive action behind a confirmation dialog (keyboard reachable, focus returns). */
export function ConfirmButton({ label, title, children, confirmLabel, onConfirm, busy }: { label: string; title: string; children: ReactNode; confirmLabel: string; onConfirm: () => Promise<unknown> | void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title}>
        <div className="space-y-4 text-sm">
          <div>{children}</div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={busy}
              onClick={async () => {
                await onConfirm();
                setOpen(false);
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}

/** Checkbox list for picking ids (channels, users, rules …) inside a labelled fieldset. */
export function CheckList({ legend, items, value, onChange, empty, error }: { legend: string; items: { id: string; label: string; hint?: string }[]; value: string[]; onChange: (v: string[]) => void; empty: ReactNode; error?: string }) {
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((x) => x !== id) : [...value, id]);
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      {items.length === 0 ? (
        <p className="text-xs text-slate-500">{empty}</p>
      ) : (
        <div className="grid max-h-48 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2 dark:border-slate-700">
          {items.map((i) => (
            <label key={i.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={value.includes(i.id)} onChange={() => toggle(i.id)} />
              <span className="truncate">{i.label}</span>
              {i.hint && <span className="text-xs text-slate-500">{i.hint}</span>}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function Checkbox({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-0.5" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}

/**
 * The owner filter of rule, channel and policy lists. Not tied to the shell's organization
 * switcher on purpose: the API's orgId filter hides partner-wide records, which apply to every
 * organization and would otherwise vanish from view.
 */
export function OwnerFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const orgs = useAllOrganizations();
  const me = useMe();
  if (me.data?.scope === 'organization') return null;
  return (
    <select aria-label="Owner" value={value} onChange={(e) => onChange(e.target.value)} className={`${INPUT_CLASS} sm:w-auto`}>
      <option value="">Partner-wide and every organization</option>
      {orgs.data?.map((o) => (
        <option key={o.id} value={o.id}>
          Only {o.name}
        </option>
      ))}
    </select>
  );
}

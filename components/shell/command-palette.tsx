'use client';

// The command palette (Ctrl/⌘+K or "/"): one combobox that finds pages (filtered like the
// sidebar), runs actions (reboot a host, run a script on one, new ticket, new organization) and
// searches records through GET /search. Actions that need a device or a script step through a
// picker and end on a confirmation.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useSearch, type SearchHit } from '@/hooks/use-search';
import { useScriptTargetDevices, useSendCommand, type Device } from '@/hooks/use-devices';
import { useExecuteScript, useScript, useScripts, type ScriptSummary } from '@/hooks/use-scripts';
import { ApiError } from '@/lib/client/api-client';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useCurrentOrg } from '@/components/shell/current-org';
import { EXTRA_PAGES, HOME, useNavAccess, type NavItem } from '@/components/shell/nav-items';

const TYPE_LABELS: Record<SearchHit['type'], string> = { devices: 'Device', organizations: 'Organization', users: 'User', alerts: 'Alert', scripts: 'Script' };

type ActionId = 'reboot' | 'run-script' | 'new-ticket' | 'new-org';
type Step =
  | { kind: 'root' }
  | { kind: 'device'; action: 'reboot' | 'run-script' }
  | { kind: 'script'; device: Device }
  | { kind: 'confirm-reboot'; device: Device }
  | { kind: 'confirm-run'; device: Device; script: ScriptSummary };

interface Option {
  key: string;
  label: string;
  detail?: string;
  kind: string;
  run: () => void;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Every word of the query appears in the text (case-insensitive). */
function matches(text: string, q: string): boolean {
  const hay = text.toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

const deviceName = (d: Device) => d.displayName ?? d.hostname;

export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'root' });
  const router = useRouter();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);
      if ((e.key.toLowerCase() === 'k' && (e.metaKey || e.ctrlKey)) || (e.key === '/' && !typing)) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setStep({ kind: 'root' });
  };
  const navigate = (href: string) => {
    close();
    router.push(href);
  };
  const back = () => setStep({ kind: 'root' });

  const title = step.kind === 'root' ? 'Search and commands' : step.kind === 'confirm-reboot' || (step.kind === 'device' && step.action === 'reboot') ? 'Reboot host' : 'Run script';

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex shrink-0 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
        aria-keyshortcuts="Control+K Meta+K /"
      >
        <span>Search</span>
        <kbd className="hidden rounded border border-slate-300 px-1 text-xs sm:inline dark:border-slate-600">Ctrl K</kbd>
      </button>
      <Dialog open={open} onClose={close} title={title} wide>
        {step.kind !== 'root' && (
          <button type="button" onClick={back} className="mb-3 text-sm text-brand-700 hover:underline dark:text-brand-300">
            ← All commands
          </button>
        )}
        {step.kind === 'root' && <RootStep onStep={setStep} navigate={navigate} />}
        {step.kind === 'device' && <DeviceStep key={step.action} action={step.action} onStep={setStep} onBack={back} />}
        {step.kind === 'script' && <ScriptStep device={step.device} onStep={setStep} onBack={back} />}
        {step.kind === 'confirm-reboot' && <ConfirmReboot device={step.device} onDone={close} />}
        {step.kind === 'confirm-run' && <ConfirmRun device={step.device} script={step.script} onDone={close} />}
      </Dialog>
    </>
  );
}

/** The pages and actions the user may use, then the records GET /search finds. */
function RootStep({ onStep, navigate }: { onStep: (s: Step) => void; navigate: (href: string) => void }) {
  const [q, setQ] = useState('');
  const debounced = useDebounced(q, 150);
  const search = useSearch(debounced);
  const access = useNavAccess();
  const can = (p: string) => access.permissions.has(p);
  const actions: { id: ActionId; label: string; detail: string; allowed: boolean; run: () => void }[] = [
    { id: 'reboot', label: 'Reboot host…', detail: 'Pick a device, then confirm', allowed: can('devices:execute'), run: () => onStep({ kind: 'device', action: 'reboot' }) },
    { id: 'run-script', label: 'Run script on…', detail: 'Pick a device, then a script', allowed: can('devices:execute') && can('scripts:read'), run: () => onStep({ kind: 'device', action: 'run-script' }) },
    { id: 'new-ticket', label: 'New ticket…', detail: 'Open the new-ticket form', allowed: access.serviceManagement && can('tickets:write'), run: () => navigate('/tickets?create=1') },
    { id: 'new-org', label: 'New organization…', detail: 'Open the new-organization form', allowed: can('orgs:write'), run: () => navigate('/organizations?create=1') },
  ];
  const pages: NavItem[] = [HOME, ...access.sections.flatMap((g) => g.items), ...EXTRA_PAGES.filter(access.visible)];
  const term = q.trim();
  const options: Option[] = [
    ...actions.filter((a) => a.allowed && matches(a.label, term)).map((a) => ({ key: `action-${a.id}`, label: a.label, detail: a.detail, kind: 'Action', run: a.run })),
    ...pages.filter((p) => matches(p.label, term)).map((p) => ({ key: `page-${p.href}`, label: p.label, detail: p.href, kind: 'Page', run: () => navigate(p.href) })),
    ...(term ? (search.data?.results ?? []) : []).map((h) => ({ key: `hit-${h.type}-${h.id}`, label: h.title, detail: h.subtitle ?? undefined, kind: TYPE_LABELS[h.type], run: () => navigate(h.url) })),
  ];
  return <Combobox label="Search pages, actions and records" listLabel="Results" placeholder="Search pages, actions, devices, organizations, users…" q={q} setQ={setQ} options={options} loading={term !== '' && search.isFetching} empty="Nothing to show." />;
}

/** Devices of the current organization (or all) whose name matches. */
function DeviceStep({ action, onStep, onBack }: { action: 'reboot' | 'run-script'; onStep: (s: Step) => void; onBack: () => void }) {
  const [q, setQ] = useState('');
  const debounced = useDebounced(q, 150);
  const { orgId } = useCurrentOrg();
  const devices = useScriptTargetDevices(orgId, debounced);
  const options: Option[] = (devices.data?.devices ?? []).map((d) => ({
    key: `device-${d.id}`,
    label: deviceName(d),
    detail: d.displayName ? d.hostname : undefined,
    kind: d.status,
    run: () => onStep(action === 'reboot' ? { kind: 'confirm-reboot', device: d } : { kind: 'script', device: d }),
  }));
  return <Combobox label={action === 'reboot' ? 'Device to reboot' : 'Device to run a script on'} placeholder="Find a device by name…" q={q} setQ={setQ} options={options} loading={devices.isFetching} empty="No devices." onBack={onBack} />;
}

/** Scripts available to the device's organization whose name matches. */
function ScriptStep({ device, onStep, onBack }: { device: Device; onStep: (s: Step) => void; onBack: () => void }) {
  const [q, setQ] = useState('');
  const debounced = useDebounced(q, 150);
  const scripts = useScripts({ page: 1, search: debounced.trim() || undefined, orgId: device.orgId });
  const options: Option[] = (scripts.data?.data ?? []).map((s) => ({ key: `script-${s.id}`, label: s.name, detail: s.language, kind: 'Script', run: () => onStep({ kind: 'confirm-run', device, script: s }) }));
  return <Combobox label={`Script to run on ${deviceName(device)}`} placeholder="Find a script by name…" q={q} setQ={setQ} options={options} loading={scripts.isFetching} empty="No scripts." onBack={onBack} />;
}

/** The combobox + listbox pattern: focus stays in the input, aria-activedescendant marks the option. */
function Combobox({ label, listLabel = label, placeholder, q, setQ, options, loading, empty, onBack }: { label: string; listLabel?: string; placeholder: string; q: string; setQ: (q: string) => void; options: Option[]; loading: boolean; empty: string; onBack?: () => void }) {
  const [active, setActive] = useState(0);
  const listId = useId();
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive(Math.min(activeIndex + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (e.key === 'Home' && options.length) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && options.length) {
      e.preventDefault();
      setActive(options.length - 1);
    } else if (e.key === 'Enter' && options[activeIndex]) {
      e.preventDefault();
      options[activeIndex].run();
    } else if (e.key === 'Backspace' && q === '' && onBack) {
      e.preventDefault();
      onBack();
    }
  };
  return (
    <>
      <input
        autoFocus
        type="search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={options[activeIndex] ? `${listId}-${activeIndex}` : undefined}
        placeholder={placeholder}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-700 dark:bg-slate-950"
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className="mt-3 max-h-[55vh] overflow-y-auto">
        {options.map((o, i) => (
          <li
            key={o.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === activeIndex}
            onMouseEnter={() => setActive(i)}
            onClick={o.run}
            className={`flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm ${i === activeIndex ? 'bg-brand-50 dark:bg-slate-800' : ''}`}
          >
            <span className="min-w-0">
              <span className="block truncate font-medium">{o.label}</span>
              {o.detail && <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{o.detail}</span>}
            </span>
            <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{o.kind}</span>
          </li>
        ))}
      </ul>
      {options.length === 0 && !loading && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" role="status">
          {q.trim() ? `Nothing matches “${q.trim()}”.` : empty}
        </p>
      )}
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">↑ ↓ to move, Enter to choose, Esc to close{onBack ? ', Backspace in the empty field to go back' : ''}.</p>
    </>
  );
}

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}

function ConfirmReboot({ device, onDone }: { device: Device; onDone: () => void }) {
  const send = useSendCommand(device.id);
  const name = deviceName(device);
  if (send.isSuccess) {
    return (
      <div className="space-y-4 text-sm">
        <p role="status">Reboot queued for {name}. The agent runs it on its next check-in if it was started with --allow-reboot.</p>
        <div className="flex justify-end gap-2">
          <Link href={`/devices/${device.id}`} onClick={onDone} className="rounded-md px-3.5 py-2 font-medium text-brand-700 hover:underline dark:text-brand-300">
            Open {name}
          </Link>
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-sm">
      <p>
        Reboot <strong>{name}</strong>? Anyone signed in to it loses unsaved work.
      </p>
      <FormError message={send.error ? errorText(send.error, 'Could not queue the reboot') : null} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button variant="danger" autoFocus disabled={send.isPending} onClick={() => send.mutate({ type: 'reboot', payload: { reason: 'Requested from the command palette' } })}>
          {send.isPending ? 'Queuing…' : `Reboot ${name}`}
        </Button>
      </div>
    </div>
  );
}

function ConfirmRun({ device, script, onDone }: { device: Device; script: ScriptSummary; onDone: () => void }) {
  const full = useScript(script.id);
  const execute = useExecuteScript(script.id);
  const name = deviceName(device);
  // Parameters without a value to fall back on are filled in on the script's own page.
  const needsInput = full.data?.parameters.some((p) => p.required && p.default === undefined) ?? false;
  if (execute.isSuccess) {
    const r = execute.data;
    return (
      <div className="space-y-4 text-sm">
        <p role="status">
          {r.executions.length ? `${script.name} queued on ${name}.` : `${script.name} was not queued on ${name}: ${[...r.skipped.map((s) => s.reason), ...r.failed.map((f) => f.message)].join('; ')}.`}
        </p>
        <div className="flex justify-end gap-2">
          <Link href={`/scripts/${script.id}`} onClick={onDone} className="rounded-md px-3.5 py-2 font-medium text-brand-700 hover:underline dark:text-brand-300">
            Open {script.name}
          </Link>
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-sm">
      {needsInput ? (
        <p>
          {script.name} needs parameters.{' '}
          <Link href={`/scripts/${script.id}`} onClick={onDone} className="font-medium text-brand-700 underline dark:text-brand-300">
            Open the script to fill them in and run it
          </Link>
          .
        </p>
      ) : (
        <p>
          Run <strong>{script.name}</strong> on <strong>{name}</strong>?
        </p>
      )}
      <FormError message={execute.error ? errorText(execute.error, 'Could not run the script') : null} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        {!needsInput && (
          <Button autoFocus disabled={execute.isPending || !full.data} onClick={() => execute.mutate({ deviceIds: [device.id] })}>
            {execute.isPending ? 'Starting…' : 'Run'}
          </Button>
        )}
      </div>
    </div>
  );
}

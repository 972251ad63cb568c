'use client';

// The dashboard's first-run guide for a new partner: the four things that make the service
// useful, each ticked off from the real data as it happens (hooks/use-first-run.ts). It goes
// away once every step is done, or for good (on this browser, per user) when dismissed.
import Link from 'next/link';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useFirstRunProgress, type FirstRunStep } from '@/hooks/use-first-run';
import { installCommand } from '@/hooks/use-enrollment-keys';
import { useMe } from '@/hooks/use-me';
import { CopyButton } from '@/components/ui/controls';

const KEY_PLACEHOLDER = '<ENROLLMENT_KEY>';

interface StepSpec {
  id: FirstRunStep;
  title: string;
  body: ReactNode;
  href: string;
  action: string;
}

function steps(baseUrl: string): StepSpec[] {
  const oneLiner = installCommand(KEY_PLACEHOLDER, undefined, baseUrl);
  return [
    {
      id: 'organizations',
      title: 'Create the first organization',
      body: 'An organization is one customer: its devices, sites, alerts and tickets are kept apart from every other customer’s.',
      href: '/organizations?create=1',
      action: 'Add an organization',
    },
    {
      id: 'devices',
      title: 'Enroll the first device',
      body: (
        <>
          <span>Mint an enrollment key for the organization, then run the installer on a Linux or macOS machine as root, with the key in place of {KEY_PLACEHOLDER}:</span>
          <span className="mt-2 flex items-start gap-2">
            <code className="min-w-0 flex-1 overflow-x-auto whitespace-pre rounded bg-slate-900 p-2 font-mono text-xs text-slate-100" data-testid="first-run-install-command">
              {oneLiner}
            </code>
            <CopyButton text={oneLiner} label="Copy command" />
          </span>
        </>
      ),
      href: '/enrollment-keys?create=1',
      action: 'Get an enrollment key',
    },
    {
      id: 'alertRules',
      title: 'Set up an alert rule',
      body: 'Rules watch devices (offline, CPU, memory, disk…) and raise alerts when a condition holds.',
      href: '/alerts/rules/new',
      action: 'Add an alert rule',
    },
    {
      id: 'channels',
      title: 'Set up a notification channel',
      body: 'Channels deliver alerts where your technicians look: email, chat or a webhook.',
      href: '/alerts/channels/new',
      action: 'Add a notification channel',
    },
  ];
}

/** Reads and writes the dismissal; null until read (so the guide never flashes on load). */
function useDismissal(userId: string | undefined): [boolean | null, () => void] {
  const storageKey = userId ? `rmm.first-run-guide.dismissed.${userId}` : null;
  const [dismissed, setDismissed] = useState<boolean | null>(null);
  useEffect(() => {
    if (!storageKey) return;
    try {
      setDismissed(window.localStorage.getItem(storageKey) === '1');
    } catch {
      setDismissed(false); // storage disabled: the guide shows until it is complete
    }
  }, [storageKey]);
  const dismiss = () => {
    setDismissed(true);
    try {
      if (storageKey) window.localStorage.setItem(storageKey, '1');
    } catch {
      // storage disabled: dismissed for this page view only
    }
  };
  return [dismissed, dismiss];
}

export function FirstRunGuide({ baseUrl }: { baseUrl: string }) {
  const headingId = useId();
  const me = useMe();
  const progress = useFirstRunProgress();
  const [dismissed, dismiss] = useDismissal(me.data?.id);

  if (!progress || progress.loading || dismissed !== false) return null;
  const shown = steps(baseUrl).filter((s) => progress.steps[s.id] !== undefined);
  const doneCount = shown.filter((s) => progress.steps[s.id]).length;
  if (shown.length === 0 || doneCount === shown.length) return null;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-brand-100 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid="first-run-guide">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            Get started
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {doneCount} of {shown.length} steps done
          </p>
        </div>
        <button type="button" onClick={dismiss} className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
          Dismiss the setup guide
        </button>
      </div>
      <ol className="mt-3 space-y-3">
        {shown.map((step, i) => {
          const done = progress.steps[step.id] === true;
          return (
            <li key={step.id} className="flex gap-3" data-testid={`first-run-step-${step.id}`} data-done={done}>
              <span
                aria-hidden="true"
                className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                  done ? 'bg-emerald-700 text-white dark:bg-emerald-300 dark:text-slate-900' : 'border border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-200'
                }`}
              >
                {done ? '✓' : i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className={`text-sm font-medium ${done ? 'text-slate-600 line-through dark:text-slate-300' : ''}`}>
                  <span className="sr-only">{done ? 'Done: ' : 'To do: '}</span>
                  {step.title}
                </p>
                {!done && (
                  <div className="mt-1 space-y-2 text-sm text-slate-600 dark:text-slate-300">
                    <p className="flex flex-col">{step.body}</p>
                    <Link href={step.href} className="inline-block font-medium text-brand-700 underline hover:no-underline dark:text-brand-100">
                      {step.action}
                    </Link>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

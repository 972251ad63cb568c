'use client';

// Partner security settings: the caller's address as the allowlist sees it, and the allowlist
// editor, which checks a new list against that address before saving so an admin does not
// lock themselves out by accident.
import { useEffect, useState } from 'react';
import { useMe } from '@/hooks/use-me';
import { checkProposedAllowlist, useIpAllowlistStatus, useSaveIpAllowlist, type AllowlistVerdict } from '@/hooks/use-ip-allowlist';
import { ApiError } from '@/lib/client/api-client';
import { Button } from '@/components/ui/button';

const splitEntries = (text: string) => text.split(/[\s,]+/).map((e) => e.trim()).filter(Boolean);

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap gap-x-3 py-1.5 text-sm">
      <dt className="w-56 text-slate-500">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function SecuritySettings() {
  const me = useMe();
  const isPartner = me.data?.scope === 'partner';
  const canEdit = isPartner && me.data?.permissions.includes('partner:manage');
  const status = useIpAllowlistStatus(isPartner);
  const save = useSaveIpAllowlist();
  const [draft, setDraft] = useState('');
  const [check, setCheck] = useState<AllowlistVerdict | null>(null);
  const [acceptLockout, setAcceptLockout] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);

  const saved = status.data?.current.entries.join('\n');
  useEffect(() => {
    if (saved !== undefined) setDraft(saved);
  }, [saved]);

  if (me.data && !isPartner) {
    return (
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Security</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The admin IP allowlist is a partner setting. {me.data.scope === 'system' ? 'Platform administrators are exempt from partner allowlists; their changes to a partner with an allowlist that would refuse them are recorded in that partner’s audit log.' : 'Your partner’s administrators manage it.'}
        </p>
      </div>
    );
  }

  async function runCheck(): Promise<AllowlistVerdict | null> {
    setMessage(null);
    try {
      const result = await checkProposedAllowlist(splitEntries(draft));
      setCheck(result.proposed);
      return result.proposed;
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof ApiError ? err.message : 'Could not check the list' });
      return null;
    }
  }

  async function onSave() {
    const verdict = await runCheck();
    if (!verdict || verdict.invalidEntries.length > 0) return;
    if (!verdict.allowed && !acceptLockout) return;
    try {
      await save.mutateAsync(verdict.entries);
      setMessage({ kind: 'ok', text: verdict.entries.length ? 'Allowlist saved.' : 'Allowlist cleared: every address can sign in.' });
      setCheck(null);
      setAcceptLockout(false);
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof ApiError ? err.message : 'Could not save the allowlist' });
    }
  }

  const s = status.data;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Security</h1>

      <section aria-labelledby="connection" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="connection" className="mb-2 text-lg font-medium">
          Your connection
        </h2>
        {status.isError && <p className="text-sm text-red-600">{(status.error as Error).message}</p>}
        {s && (
          <dl>
            <Row label="Your address, as the server sees it" testId="client-ip">
              {s.ip ?? 'unknown (untrusted forwarding headers)'}
            </Row>
            <Row label="Connected through">{s.viaProxy ? `trusted proxy ${s.peer}` : 'direct connection'}</Row>
            <Row label="Trusted-proxy parsing" testId="proxy-trust">
              {s.proxyTrustConfigured ? 'configured' : 'not configured (TRUST_PROXY_HEADERS and TRUSTED_PROXY_CIDRS) — an allowlist cannot be enabled'}
            </Row>
            <Row label="Allowlist" testId="allowlist-state">
              {s.enabled ? (s.current.allowed ? `on — your address is allowed by ${s.current.matchedEntry}` : 'on — your address is not allowed') : 'off — every address can sign in'}
            </Row>
          </dl>
        )}
      </section>

      <section aria-labelledby="allowlist" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="allowlist" className="text-lg font-medium">
          Admin IP allowlist
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          When the list has entries, users of your company can sign in and use the console and API only from these addresses. One IPv4 or IPv6 address or CIDR range per line (for example 203.0.113.0/24). Agents on devices are never affected. Leave it empty to allow every address.
        </p>
        <label htmlFor="allowlist-entries" className="block text-sm font-medium">
          Allowed addresses and ranges
        </label>
        <textarea
          id="allowlist-entries"
          rows={6}
          value={draft}
          readOnly={!canEdit}
          onChange={(e) => {
            setDraft(e.target.value);
            setCheck(null);
          }}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-950"
        />
        {check && (
          <div role="status" data-testid="allowlist-check" className="space-y-1 text-sm">
            {check.invalidEntries.length > 0 && <p className="text-red-600">Not an IP address or CIDR range: {check.invalidEntries.join(', ')}</p>}
            {check.entries.length === 0 ? (
              <p>An empty list turns the allowlist off.</p>
            ) : check.allowed ? (
              <p className="text-green-700 dark:text-green-400">Your address {s?.ip} is allowed by {check.matchedEntry}.</p>
            ) : (
              <p className="text-amber-700 dark:text-amber-300">Your address {s?.ip ?? ''} is not in this list: saving it locks you out of this session and the next sign-in from here.</p>
            )}
          </div>
        )}
        {check && !check.allowed && check.invalidEntries.length === 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={acceptLockout} onChange={(e) => setAcceptLockout(e.target.checked)} />
            Save anyway; I will use an allowed address from now on
          </label>
        )}
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={`text-sm ${message.kind === 'error' ? 'text-red-600' : 'text-green-700 dark:text-green-400'}`}>
            {message.text}
          </p>
        )}
        {canEdit ? (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => void runCheck()}>
              Check against my address
            </Button>
            <Button onClick={() => void onSave()} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save allowlist'}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-500">You need the partner:manage permission to change the allowlist.</p>
        )}
      </section>
    </div>
  );
}

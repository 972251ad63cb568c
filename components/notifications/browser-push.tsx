'use client';

// Alert pushes on this browser: subscribes through the console's service worker (/push-sw.js)
// with the service's VAPID key and registers the subscription; lists every browser and phone the
// person registered, each removable. Shown only where the browser has the Push API.
import { useEffect, useState } from 'react';
import { usePushActions, usePushSubscriptions } from '@/hooks/use-notifications';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Card, ErrorText } from '@/components/ui/controls';
import { messageOf } from '@/components/alerts/alert-config-shared';

type Support = 'checking' | 'unsupported' | 'denied' | 'ready';

function deviceName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : 'unknown OS';
  return `${browser} on ${os}`;
}

export function BrowserPushCard() {
  const subs = usePushSubscriptions();
  const { vapidKey, register, unregister } = usePushActions();
  const [support, setSupport] = useState<Support>('checking');
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return setSupport('unsupported');
    setSupport(Notification.permission === 'denied' ? 'denied' : 'ready');
    void navigator.serviceWorker.getRegistration('/').then((reg) => reg?.pushManager.getSubscription()).then((sub) => setEndpoint(sub?.endpoint ?? null));
  }, []);

  async function enable() {
    setError(null);
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setSupport('denied');
        return;
      }
      const reg = await navigator.serviceWorker.register('/push-sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      const { publicKey } = await vapidKey();
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)) });
      await register.mutateAsync({ provider: 'webpush', subscription: sub.toJSON(), deviceName: deviceName() });
      setEndpoint(sub.endpoint);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setError(null);
    setBusy(true);
    try {
      const sub = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
      if (sub) {
        await unregister.mutateAsync({ endpoint: sub.endpoint }).catch(() => undefined);
        await sub.unsubscribe();
      }
      setEndpoint(null);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  const rows = subs.data?.data ?? [];
  return (
    <Card title="Browser and phone push">
      <div className="space-y-3 text-sm">
        {support === 'unsupported' && <p>This browser cannot receive push notifications.</p>}
        {support === 'denied' && <p>Notifications are blocked for this site in the browser’s settings; allow them there to receive pushes here.</p>}
        {support === 'ready' && (
          <div className="flex flex-wrap items-center gap-3">
            <span>{endpoint ? 'Alerts routed to you are pushed to this browser.' : 'Get the alerts routed to you as notifications on this browser, even when the console is closed.'}</span>
            {endpoint ? (
              <Button variant="secondary" disabled={busy} onClick={() => void disable()}>
                Turn off on this browser
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => void enable()}>
                Turn on for this browser
              </Button>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className="text-red-600">
            {error}
          </p>
        )}
        <ErrorText error={subs.error} />
        {rows.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded border border-slate-200 dark:divide-slate-800 dark:border-slate-800" aria-label="Registered browsers and phones">
            {rows.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                <span className="flex-1">
                  {s.deviceName ?? s.provider} <span className="text-slate-500 dark:text-slate-400">· since {formatDate(s.createdAt)}{s.lastSuccessAt ? ` · last push ${formatDate(s.lastSuccessAt)}` : ''}</span>
                </span>
                <Button variant="secondary" disabled={unregister.isPending} onClick={() => unregister.mutate({ id: s.id })} aria-label={`Remove ${s.deviceName ?? s.provider}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

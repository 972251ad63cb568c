'use client';

// The device's open alerts, acknowledged or resolved in place.
import { useState } from 'react';
import Link from 'next/link';
import { useAlertAction, type Alert } from '@/hooks/use-alerts';
import { useDeviceOpenAlerts, useRefreshDeviceActivity } from '@/hooks/use-device-cockpit';
import { useCan } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { formatDate, formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Badge, Card, ErrorText, StatusBadge, type Tone } from '@/components/ui/controls';
import { MUTED } from '@/components/devices/detail/format';

const SEVERITY_TONES: Record<Alert['severity'], Tone> = { critical: 'red', high: 'red', medium: 'amber', low: 'blue', info: 'slate' };

function AlertRow({ alert, canAct, onNotice }: { alert: Alert; canAct: boolean; onNotice: (text: string) => void }) {
  const action = useAlertAction();
  const refreshActivity = useRefreshDeviceActivity(alert.deviceId ?? '');
  const act = async (kind: 'acknowledge' | 'resolve') => {
    try {
      await action.mutateAsync({ id: alert.id, action: kind });
      onNotice(`${kind === 'acknowledge' ? 'Acknowledged' : 'Resolved'}: ${alert.title}`);
      refreshActivity();
    } catch {
      // Shown below from action.error.
    }
  };
  return (
    <li className="border-t border-slate-100 py-3 first:border-t-0 dark:border-slate-800" data-testid="device-alert">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={SEVERITY_TONES[alert.severity]}>{alert.severity}</Badge>
        <StatusBadge status={alert.status} />
        <Link href={`/alerts/${alert.id}`} className="min-w-0 font-medium break-words text-brand-700 hover:underline dark:text-brand-100">
          {alert.title}
        </Link>
      </div>
      <p className={`mt-1 text-xs ${MUTED}`} title={formatDate(alert.triggeredAt)}>
        Raised {formatRelative(alert.triggeredAt)}
        {alert.message ? ` · ${alert.message}` : ''}
      </p>
      {canAct && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {alert.status === 'active' && (
            <Button variant="secondary" disabled={action.isPending} onClick={() => void act('acknowledge')} aria-label={`Acknowledge ${alert.title}`}>
              Acknowledge
            </Button>
          )}
          <Button variant="secondary" disabled={action.isPending} onClick={() => void act('resolve')} aria-label={`Resolve ${alert.title}`}>
            Resolve
          </Button>
        </div>
      )}
      <FormError className="mt-2" message={action.isError ? messageOf(action.error, 'Could not update the alert') : null} />
    </li>
  );
}

export function DeviceAlerts({ deviceId }: { deviceId: string }) {
  const alerts = useDeviceOpenAlerts(deviceId);
  const canAct = useCan('alerts:write');
  const total = alerts.data?.pagination.total ?? 0;
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Card title={alerts.data ? `Open alerts (${total})` : 'Open alerts'}>
      <ErrorText error={alerts.error} />
      {!alerts.data && !alerts.error && <p role="status">Loading…</p>}
      <p role="status" className="text-sm text-emerald-700 empty:hidden dark:text-emerald-300" data-testid="device-alert-notice">
        {notice}
      </p>
      {alerts.data && total === 0 && <p className={`text-sm ${MUTED}`}>No open alerts.</p>}
      <ul>
        {alerts.data?.data.map((a) => (
          <AlertRow key={a.id} alert={a} canAct={canAct} onNotice={setNotice} />
        ))}
      </ul>
    </Card>
  );
}

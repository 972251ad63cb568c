'use client';

// "In maintenance" for one device: shown wherever a device is named, while an occurrence covers
// it (GET /maintenance/active?deviceId=…, refreshed every 30 s). Renders nothing otherwise.
import { useActiveMaintenance } from '@/hooks/use-maintenance';
import { Badge } from '@/components/ui/controls';

export function MaintenanceBadge({ deviceId }: { deviceId: string }) {
  const active = useActiveMaintenance({ deviceId });
  const entry = active.data?.data[0];
  if (!entry) return null;
  return <InMaintenanceBadge endsAt={entry.endsAt} />;
}

/** The badge itself, for lists that already know the device is in maintenance. */
export function InMaintenanceBadge({ endsAt }: { endsAt: string }) {
  const until = new Date(endsAt).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <span title={`Until ${until}`}>
      <Badge tone="amber">In maintenance</Badge>
    </span>
  );
}

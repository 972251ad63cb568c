'use client';

// Thresholds management: pick an SNMP device, then read and change its thresholds. Breached
// thresholds across devices are on the SNMP dashboard.
import { useCurrentOrg } from '@/components/shell/current-org';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useSnmpDevices } from '@/hooks/use-snmp';
import { EmptyState, ErrorText, SelectField } from '@/components/ui/controls';
import { SnmpPage } from '@/components/snmp/snmp-page';
import { SnmpThresholdsCard } from '@/components/snmp/snmp-thresholds-card';

export function SnmpThresholdsView() {
  const [f, setF] = useUrlFilters({ device: '' });
  const { orgId } = useCurrentOrg();
  const devices = useSnmpDevices({ page: 1, orgId: orgId || undefined });
  const list = devices.data?.data ?? [];
  return (
    <SnmpPage title="SNMP thresholds" description="Bounds on polled values: a breach raises an alert, a poll back within bounds resolves it.">
      <ErrorText error={devices.error} />
      {devices.data && list.length === 0 ? (
        <EmptyState title="No SNMP devices">Add an SNMP device first; thresholds apply to the values it polls.</EmptyState>
      ) : (
        <SelectField label="SNMP device" value={f.device} onChange={(e) => setF({ device: e.target.value })}>
          <option value="">Choose a device…</option>
          {list.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} ({d.host})
            </option>
          ))}
        </SelectField>
      )}
      {f.device && <SnmpThresholdsCard deviceId={f.device} />}
    </SnmpPage>
  );
}

'use client';

// The console's service desk: the service's own tickets, or, when the partner's service
// management is `external`, the tickets of its PSA (GET /psa/tickets, synced from the bound
// connection; alerts open tickets there through automations).
import Link from 'next/link';
import { useMe } from '@/hooks/use-me';
import { useMyPartner } from '@/hooks/use-partner';
import { PageHeader } from '@/components/ui/controls';
import { PsaTickets } from '@/components/psa/psa-connections';
import { TicketsView } from '@/components/tickets/tickets-view';

export function ServiceDesk() {
  const me = useMe();
  const partnerScope = me.data?.scope === 'partner';
  const partner = useMyPartner(partnerScope);
  if (!me.data || (partnerScope && partner.isPending)) return null;
  if (partnerScope && partner.data?.serviceManagementMode === 'external') {
    return (
      <div className="space-y-4">
        <PageHeader title="Tickets" />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your tickets live in your PSA. They are listed here as last synced; alerts open tickets there. Manage the link in{' '}
          <Link href="/settings/psa" className="text-brand-700 hover:underline dark:text-brand-100">
            Settings → PSA connections
          </Link>
          .
        </p>
        <PsaTickets />
      </div>
    );
  }
  return <TicketsView />;
}

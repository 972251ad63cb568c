import type { Metadata } from 'next';
import { portalPage, portalTitle, signedInPortalPage } from '@/lib/portal/page-context';
import { PortalShell } from '@/components/portal/portal-shell';
import { TicketsView } from '@/components/portal/tickets-view';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return portalTitle((await portalPage(searchParams)).branding, 'Tickets');
}

export default async function PortalTicketsPage({ searchParams }: Props) {
  const page = await signedInPortalPage(searchParams, '/portal/tickets');
  return (
    <PortalShell branding={page.branding} session={page.session} active="tickets" signOutTo={`/portal/login${page.siteQuery}`}>
      <TicketsView />
    </PortalShell>
  );
}

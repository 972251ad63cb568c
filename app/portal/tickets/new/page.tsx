import type { Metadata } from 'next';
import { portalPage, portalTitle, signedInPortalPage } from '@/lib/portal/page-context';
import { PortalShell } from '@/components/portal/portal-shell';
import { NewTicketPanel } from '@/components/portal/new-ticket-panel';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return portalTitle((await portalPage(searchParams)).branding, 'New ticket');
}

export default async function PortalNewTicketPage({ searchParams }: Props) {
  const page = await signedInPortalPage(searchParams, '/portal/tickets/new');
  return (
    <PortalShell branding={page.branding} session={page.session} active="tickets" signOutTo={`/portal/login${page.siteQuery}`}>
      <NewTicketPanel />
    </PortalShell>
  );
}

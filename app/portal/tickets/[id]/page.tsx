import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { portalPage, portalTitle, signedInPortalPage } from '@/lib/portal/page-context';
import { PortalShell } from '@/components/portal/portal-shell';
import { TicketView } from '@/components/portal/ticket-view';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return portalTitle((await portalPage(searchParams)).branding, 'Ticket');
}

export default async function PortalTicketPage({ params, searchParams }: Props) {
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const page = await signedInPortalPage(searchParams, `/portal/tickets/${id}`);
  return (
    <PortalShell branding={page.branding} session={page.session} active="tickets" signOutTo={`/portal/login${page.siteQuery}`}>
      <TicketView id={id} />
    </PortalShell>
  );
}

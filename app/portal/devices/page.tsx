import type { Metadata } from 'next';
import { portalPage, portalTitle, signedInPortalPage } from '@/lib/portal/page-context';
import { PortalShell } from '@/components/portal/portal-shell';
import { DevicesView } from '@/components/portal/devices-view';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return portalTitle((await portalPage(searchParams)).branding, 'My devices');
}

export default async function PortalDevicesPage({ searchParams }: Props) {
  const page = await signedInPortalPage(searchParams, '/portal/devices');
  return (
    <PortalShell branding={page.branding} session={page.session} active="devices" signOutTo={`/portal/login${page.siteQuery}`}>
      <DevicesView />
    </PortalShell>
  );
}

import type { Metadata } from 'next';
import { portalPage, portalTitle, signedInPortalPage } from '@/lib/portal/page-context';
import { PortalShell } from '@/components/portal/portal-shell';
import { AssetsView } from '@/components/portal/assets-view';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return portalTitle((await portalPage(searchParams)).branding, 'Assets');
}

export default async function PortalAssetsPage({ searchParams }: Props) {
  const page = await signedInPortalPage(searchParams, '/portal/assets');
  return (
    <PortalShell branding={page.branding} session={page.session} active="assets" signOutTo={`/portal/login${page.siteQuery}`}>
      <AssetsView />
    </PortalShell>
  );
}

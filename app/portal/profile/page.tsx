import type { Metadata } from 'next';
import { portalPage, portalTitle, signedInPortalPage } from '@/lib/portal/page-context';
import { PortalShell } from '@/components/portal/portal-shell';
import { ProfileView } from '@/components/portal/profile-view';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return portalTitle((await portalPage(searchParams)).branding, 'Profile');
}

export default async function PortalProfilePage({ searchParams }: Props) {
  const page = await signedInPortalPage(searchParams, '/portal/profile');
  return (
    <PortalShell branding={page.branding} session={page.session} active="profile" signOutTo={`/portal/login${page.siteQuery}`}>
      <ProfileView />
    </PortalShell>
  );
}

import type { Metadata } from 'next';
import { portalPage, portalTitle } from '@/lib/portal/page-context';
import { PortalCard } from '@/components/portal/portal-card';
import { SetPasswordForm } from '@/components/portal/set-password-form';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The token travels in the URL fragment; no referrer leaves this page either way.
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { ...portalTitle((await portalPage(searchParams)).branding, 'Activate your account'), referrer: 'no-referrer' };
}

export default async function PortalAcceptInvitePage({ searchParams }: Props) {
  const page = await portalPage(searchParams);
  return (
    <PortalCard branding={page.branding}>
      <SetPasswordForm mode="invite" site={page.branding.site} siteQuery={page.siteQuery} />
    </PortalCard>
  );
}

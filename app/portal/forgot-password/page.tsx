import type { Metadata } from 'next';
import { portalPage, portalTitle } from '@/lib/portal/page-context';
import { PortalCard } from '@/components/portal/portal-card';
import { ForgotPasswordForm } from '@/components/portal/forgot-password-form';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return portalTitle((await portalPage(searchParams)).branding, 'Forgot password');
}

export default async function PortalForgotPasswordPage({ searchParams }: Props) {
  const page = await portalPage(searchParams);
  return (
    <PortalCard branding={page.branding}>
      <ForgotPasswordForm site={page.branding.site} siteQuery={page.siteQuery} />
    </PortalCard>
  );
}

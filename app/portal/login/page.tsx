import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { portalPage, portalTitle } from '@/lib/portal/page-context';
import { PortalCard } from '@/components/portal/portal-card';
import { PortalLoginForm } from '@/components/portal/login-form';
import { safeNext } from '@/lib/portal/safe-next';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return portalTitle((await portalPage(searchParams)).branding, 'Sign in');
}

export default async function PortalLoginPage({ searchParams }: Props) {
  const page = await portalPage(searchParams);
  const params = await searchParams;
  const next = typeof params.next === 'string' ? params.next : undefined;
  if (page.session) redirect(safeNext(next));
  const notice = params.reason === 'password-set' ? 'Your password is set. Sign in with it.' : undefined;
  return (
    <PortalCard branding={page.branding}>
      <PortalLoginForm site={page.branding.site} siteQuery={page.siteQuery} next={next} notice={notice} />
    </PortalCard>
  );
}

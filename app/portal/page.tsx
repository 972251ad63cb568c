import { redirect } from 'next/navigation';
import { portalPage } from '@/lib/portal/page-context';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /portal: the tickets when signed in, else the sign-in page of this portal. */
export default async function PortalHome({ searchParams }: Props) {
  const { session, siteQuery } = await portalPage(searchParams);
  redirect(session ? '/portal/tickets' : `/portal/login${siteQuery}`);
}

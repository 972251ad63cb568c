import type { Metadata } from 'next';
import { connection } from 'next/server';
import { DashboardOverview } from '@/components/dashboard/dashboard-overview';
import { FirstRunGuide } from '@/components/onboarding/first-run-guide';
import { publicBaseUrl } from '@/lib/public-url';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  // Rendered per request: the guide's install one-liner carries the running service's base URL.
  await connection();
  return (
    <div className="space-y-6">
      <FirstRunGuide baseUrl={publicBaseUrl()} />
      <DashboardOverview />
    </div>
  );
}

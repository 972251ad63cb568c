import type { Metadata } from 'next';
import { SecurityDashboardView } from '@/components/security/security-dashboard-view';

export const metadata: Metadata = { title: 'Security posture' };

export default function SecurityPage() {
  return <SecurityDashboardView />;
}

import type { Metadata } from 'next';
import { PoliciesView } from '@/components/alerts/policies-view';

export const metadata: Metadata = { title: 'Alert policies' };

export default function AlertPoliciesPage() {
  return <PoliciesView />;
}

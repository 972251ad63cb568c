import type { Metadata } from 'next';
import { AuditReportsView } from '@/components/audit/audit-reports-view';

export const metadata: Metadata = { title: 'Audit reports' };

export default function AuditReportsPage() {
  return <AuditReportsView />;
}

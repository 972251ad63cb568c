import type { Metadata } from 'next';
import { CompaniesView } from '@/components/distributor/companies-view';

export const metadata: Metadata = { title: 'Distributor companies' };

export default function DistributorCompaniesPage() {
  return <CompaniesView />;
}

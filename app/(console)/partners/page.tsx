import type { Metadata } from 'next';
import { PartnersView } from '@/components/partners/partners-view';

export const metadata: Metadata = { title: 'Partners' };

export default function PartnersPage() {
  return <PartnersView />;
}

import type { Metadata } from 'next';
import { ThirdPartyCatalogView } from '@/components/third-party-catalog/third-party-catalog-view';

export const metadata: Metadata = { title: 'Third-party catalog' };

export default function ThirdPartyCatalogPage() {
  return <ThirdPartyCatalogView />;
}

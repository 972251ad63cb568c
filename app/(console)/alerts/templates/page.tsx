import type { Metadata } from 'next';
import { TemplatesView } from '@/components/alerts/templates-view';

export const metadata: Metadata = { title: 'Alert templates' };

export default function AlertTemplatesPage() {
  return <TemplatesView />;
}

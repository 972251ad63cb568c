import type { Metadata } from 'next';
import { NotFoundPanel } from '@/components/shell/not-found-panel';

export const metadata: Metadata = { title: 'Page not found' };

export default function UnknownAddress() {
  return <NotFoundPanel />;
}

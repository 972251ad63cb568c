import type { Metadata } from 'next';
import { NotFoundPanel } from '@/components/shell/not-found-panel';

export const metadata: Metadata = { title: 'Page not found' };

// A console page that found no record to show: the 404 inside the shell.
export default function ConsoleNotFound() {
  return <NotFoundPanel />;
}

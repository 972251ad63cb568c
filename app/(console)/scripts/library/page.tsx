import type { Metadata } from 'next';
import { ScriptLibraryView } from '@/components/scripts/script-library-view';

export const metadata: Metadata = { title: 'Script templates and library' };

export default function ScriptLibraryPage() {
  return <ScriptLibraryView />;
}

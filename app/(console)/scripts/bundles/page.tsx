import type { Metadata } from 'next';
import { ScriptBundlesView } from '@/components/scripts/script-bundles-view';

export const metadata: Metadata = { title: 'Script bundles' };

export default function ScriptBundlesPage() {
  return <ScriptBundlesView />;
}

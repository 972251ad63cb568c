import type { Metadata } from 'next';
import { PluginCatalog } from '@/components/plugins/plugin-catalog';

export const metadata: Metadata = { title: 'Plugins' };

export default function PluginsCatalogPage() {
  return <PluginCatalog />;
}

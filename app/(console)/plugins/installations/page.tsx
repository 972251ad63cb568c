import type { Metadata } from 'next';
import { PluginInstallations } from '@/components/plugins/plugin-installations';

export const metadata: Metadata = { title: 'Installed plugins' };

export default function PluginInstallationsPage() {
  return <PluginInstallations />;
}

import type { Metadata } from 'next';
import { PluginInstallationDetail } from '@/components/plugins/plugin-installation';

export const metadata: Metadata = { title: 'Installed plugin' };

export default async function PluginInstallationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PluginInstallationDetail id={id} />;
}

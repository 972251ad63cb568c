import type { Metadata } from 'next';
import { PluginDetail } from '@/components/plugins/plugin-detail';

export const metadata: Metadata = { title: 'Plugin' };

export default async function PluginPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <PluginDetail slug={slug} />;
}

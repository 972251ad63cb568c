import type { Metadata } from 'next';
import { ScriptDetail } from '@/components/scripts/script-detail';

export const metadata: Metadata = { title: 'Script' };

export default async function ScriptPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ScriptDetail id={id} />;
}

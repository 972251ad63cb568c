import type { Metadata } from 'next';
import { AiAdminView } from '@/components/ai/ai-admin-view';

export const metadata: Metadata = { title: 'AI assistant' };

export default function AiAdminPage() {
  return <AiAdminView />;
}

import type { Metadata } from 'next';
import { ResponseTemplatesView } from '@/components/ticket-templates/response-templates-view';

export const metadata: Metadata = { title: 'Canned replies' };

export default function CannedRepliesPage() {
  return <ResponseTemplatesView />;
}

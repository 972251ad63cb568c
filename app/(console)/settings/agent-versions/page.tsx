import type { Metadata } from 'next';
import { AgentVersionsView } from '@/components/settings/agent-versions-view';

export const metadata: Metadata = { title: 'Agent versions' };

export default function AgentVersionsPage() {
  return <AgentVersionsView />;
}

import type { Metadata } from 'next';
import { RulesView } from '@/components/alerts/rules-view';

export const metadata: Metadata = { title: 'Alert rules' };

export default function AlertRulesPage() {
  return <RulesView />;
}

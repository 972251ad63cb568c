import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RuleDetail } from '@/components/alerts/rule-detail';

export const metadata: Metadata = { title: 'Alert rule' };

export default async function AlertRulePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <RuleDetail id={id} />
    </Suspense>
  );
}

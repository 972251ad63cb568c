import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RuleForm } from '@/components/alerts/rule-form';

export const metadata: Metadata = { title: 'New alert rule' };

export default function NewAlertRulePage() {
  return (
    <Suspense>
      <RuleForm />
    </Suspense>
  );
}

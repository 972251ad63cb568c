import type { Metadata } from 'next';
import { PolicyForm } from '@/components/alerts/policy-form';

export const metadata: Metadata = { title: 'New alert policy' };

export default function NewAlertPolicyPage() {
  return <PolicyForm />;
}

import type { Metadata } from 'next';
import { PatchPoliciesView } from '@/components/patches/patch-policies-view';

export const metadata: Metadata = { title: 'Patch policies' };

export default function PatchPoliciesPage() {
  return <PatchPoliciesView />;
}

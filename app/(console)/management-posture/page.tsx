import type { Metadata } from 'next';
import { ManagementPostureView } from '@/components/posture/management-posture-view';

export const metadata: Metadata = { title: 'Management posture' };

export default function ManagementPosturePage() {
  return <ManagementPostureView />;
}

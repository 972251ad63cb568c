import type { Metadata } from 'next';
import { Suspense } from 'react';
import { EnrollmentKeysView } from '@/components/enrollment-keys/enrollment-keys-view';

export const metadata: Metadata = { title: 'Enrollment keys' };

export default function EnrollmentKeysPage() {
  return (
    <Suspense>
      <EnrollmentKeysView />
    </Suspense>
  );
}

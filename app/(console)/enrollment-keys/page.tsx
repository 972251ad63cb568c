import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { EnrollmentKeysView } from '@/components/enrollment-keys/enrollment-keys-view';
import { publicBaseUrl } from '@/lib/public-url';

export const metadata: Metadata = { title: 'Enrollment keys' };

export default async function EnrollmentKeysPage() {
  // Rendered per request: the install one-liner carries the running service's base URL.
  await connection();
  return (
    <Suspense>
      <EnrollmentKeysView baseUrl={publicBaseUrl()} />
    </Suspense>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RolesView } from '@/components/users/roles-view';

export const metadata: Metadata = { title: 'Roles' };

export default function Page() {
  return (
    <Suspense>
      <RolesView />
    </Suspense>
  );
}

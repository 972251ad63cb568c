import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PartnerSettings } from '@/components/settings/partner-settings';

export const metadata: Metadata = { title: 'Partner settings' };

export default function Page() {
  return (
    <Suspense>
      <PartnerSettings />
    </Suspense>
  );
}

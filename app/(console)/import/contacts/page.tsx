import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ContactImportWizard } from '@/components/imports/contact-import-wizard';

export const metadata: Metadata = { title: 'Import contacts' };

export default function ContactImportPage() {
  return (
    <Suspense>
      <ContactImportWizard />
    </Suspense>
  );
}

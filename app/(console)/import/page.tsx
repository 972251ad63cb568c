import type { Metadata } from 'next';
import { ImportWizard } from '@/components/imports/import-wizard';

export const metadata: Metadata = { title: 'Import organizations' };

export default function ImportPage() {
  return <ImportWizard />;
}

import type { Metadata } from 'next';
import { CustomFieldsView } from '@/components/custom-fields/custom-fields-view';

export const metadata: Metadata = { title: 'Custom fields' };

export default function CustomFieldsPage() {
  return <CustomFieldsView />;
}

import type { Metadata } from 'next';
import { SettingsIndex } from '@/components/shell/settings-index';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return <SettingsIndex />;
}

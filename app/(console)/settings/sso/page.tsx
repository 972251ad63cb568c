import type { Metadata } from 'next';
import { SsoSettings } from '@/components/sso/sso-settings';

export const metadata: Metadata = { title: 'Single sign-on' };

export default function SsoSettingsPage() {
  return <SsoSettings />;
}

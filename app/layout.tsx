import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';
import { Providers } from '@/components/providers';

export const metadata: Metadata = {
  title: { default: 'RMM Console', template: '%s · RMM Console' },
  description: 'Remote monitoring and management for managed service providers',
};

// Applies the saved theme before first paint so dark mode never flashes light. The customer
// portal (/portal) wears its MSP's brand instead and always renders light.
const themeScript = `try{var t=localStorage.getItem('rmm-theme');if(location.pathname.indexOf('/portal')!==0&&(t==='dark'||(!t&&matchMedia('(prefers-color-scheme: dark)').matches)))document.documentElement.classList.add('dark')}catch(e){}`;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}

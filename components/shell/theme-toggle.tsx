'use client';

import { useEffect, useState } from 'react';

export function ThemeToggle() {
  const [dark, setDark] = useState(false);
  useEffect(() => setDark(document.documentElement.classList.contains('dark')), []);
  const toggle = () => {
    const next = !dark;
    document.documentElement.classList.toggle('dark', next);
    localStorage.setItem('rmm-theme', next ? 'dark' : 'light');
    setDark(next);
  };
  return (
    <button type="button" onClick={toggle} className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800" aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}>
      {dark ? 'Light' : 'Dark'}
    </button>
  );
}

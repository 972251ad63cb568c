import { notFound } from 'next/navigation';

// Any address no page matches: answer 404 through app/(unknown)/not-found.tsx, which renders
// inside the console shell (navigation, top bar) rather than the bare root 404.
export default function MissingConsolePage() {
  notFound();
}

import { notFound } from 'next/navigation';

// Any console address no page matches: answer 404 through app/(console)/not-found.tsx, which
// renders inside the console layout (navigation, top bar) rather than the bare root 404.
export default function MissingConsolePage() {
  notFound();
}

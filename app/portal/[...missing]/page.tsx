import { notFound } from 'next/navigation';

// Unknown portal addresses get the portal's 404 (app/portal/not-found.tsx), not the console's
// catch-all, which would ask a customer to sign in to the technicians' console.
export default function MissingPortalPage() {
  notFound();
}

import { redirect } from 'next/navigation';

// The Billing breadcrumb lands on the invoices, the page most visits are for.
export default function BillingPage() {
  redirect('/billing/invoices');
}

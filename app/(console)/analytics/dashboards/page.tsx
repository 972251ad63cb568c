import { redirect } from 'next/navigation';

// The dashboards list is the analytics home page.
export default function DashboardsPage() {
  redirect('/analytics');
}

import type { Metadata } from 'next';
import { AccessReviewsView } from '@/components/access-reviews/access-reviews-view';

export const metadata: Metadata = { title: 'Access reviews' };

export default function AccessReviewsPage() {
  return <AccessReviewsView />;
}

import type { Metadata } from 'next';
import { AccessReviewDetail } from '@/components/access-reviews/access-review-detail';

export const metadata: Metadata = { title: 'Access review' };

export default async function AccessReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AccessReviewDetail id={id} />;
}

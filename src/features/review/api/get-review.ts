import useSWR from 'swr';
import type { ReviewResponse } from '../../../shared/api/review.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewMessages } from '../messages.ts';

export const reviewKey = (id: string) => ['documents', 'review', id] as const;

/** GET documents/{id}/review: page sizes, tables found and their rows with each value's box. */
export async function getReview(id: string): Promise<ReviewResponse['data']> {
  const response = await apiRequest<ReviewResponse>(`documents/${encodeURIComponent(id)}/review`, { fallback: reviewMessages.loadError });
  return response.data;
}

export function useReview(id: string) {
  return useSWR(reviewKey(id), ([, , docId]) => getReview(docId), { revalidateOnFocus: false });
}

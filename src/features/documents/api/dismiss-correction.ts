import type { OneCorrectionResponse } from '../../../shared/api/corrections.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { documentsMessages } from '../messages.ts';

/** POST corrections/{id}/dismiss (permission review): closes a 'corrección por revisar'. */
export async function dismissCorrection(id: number, reason?: string): Promise<OneCorrectionResponse> {
  return apiRequest<OneCorrectionResponse>(`corrections/${id}/dismiss`, {
    method: 'POST',
    json: reason ? { reason } : {},
    fallback: documentsMessages.dismissError,
  });
}

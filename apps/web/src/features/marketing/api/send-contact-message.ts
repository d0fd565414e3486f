import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** R7: POST /api/contactus/ (no auth). */
export async function sendContactMessage(input: ContactMessage): Promise<{ detail: string }> {
  const { data } = await api.post<{ detail: string }>('/api/contactus/', input, { skipAuth: true });
  return data;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

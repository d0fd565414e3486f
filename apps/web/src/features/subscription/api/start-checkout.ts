import { DATA_LOADING, type CheckoutResponse } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiErrorStatus } from '@/lib/api-client.ts';
import { subscriptionKeys } from './query-keys.ts';

/** R16: `POST /api/subscription/checkout/` → the Stripe Checkout page (503 when payments are off). */
export async function startCheckout(): Promise<CheckoutResponse> {
  const { data } = await api.post<CheckoutResponse>('/api/subscription/checkout/', {});
  return data;
}

/** Only a web address leaves the app: never a `javascript:` or other scheme from a bad answer. */
export function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export class InvalidCheckoutUrl extends Error {
  constructor() {
    super('The payment page address was not valid.');
  }
}

/** Starts a checkout and sends the browser to the payment page; errors are the caller's to show. */
export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { url } = await startCheckout();
      if (!isWebUrl(url)) throw new InvalidCheckoutUrl();
      window.location.assign(url);
    },
    // Only a call that got no answer is tried again: a 503 (payments off) or 409 will not change.
    retry: (failures, error) =>
      failures < DATA_LOADING.mutationRetries && !(error instanceof InvalidCheckoutUrl) && !apiErrorStatus(error),
    // Off (503) or already subscribed (409): the status shown is out of date, so it is read again.
    onError: async (error) => {
      const status = apiErrorStatus(error);
      if (status === 503 || status === 409) await queryClient.invalidateQueries({ queryKey: subscriptionKeys.status });
    },
  });
}

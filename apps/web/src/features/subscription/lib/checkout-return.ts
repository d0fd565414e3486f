/** How the learner came back from Stripe Checkout: the billing module's success and cancel addresses. */
export type CheckoutOutcome = 'success' | 'cancelled';

export const CHECKOUT_PARAM = 'checkout';

export function readCheckoutOutcome(params: URLSearchParams): CheckoutOutcome | null {
  const value = params.get(CHECKOUT_PARAM);
  if (value === 'success') return 'success';
  if (value === 'cancelled' || value === 'canceled' || value === 'cancel') return 'cancelled';
  return null;
}

import { COUPON_MESSAGES, COUPON_TEXTS } from '@bastion/contract';
import { apiErrorBody, apiErrorStatus } from '../lib/api-client.ts';

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * R8 reward code: what the learner reads for a refused redemption. Null for a 401: the session ends
 * and the app goes to /login, so nothing is shown.
 */
export function rewardCodeErrorText(error: unknown): string | null {
  const status = apiErrorStatus(error);
  if (status === 401) return null;
  const body = apiErrorBody(error);
  const detail = field(body, 'detail');
  if (status === 429) return nonEmpty(detail) ? detail : COUPON_MESSAGES.throttled;
  if (status === 404) return COUPON_TEXTS.invalid;

  switch (field(body, 'error')) {
    case COUPON_MESSAGES.permissionDenied: {
      const message = field(body, 'message');
      return nonEmpty(message) ? message : COUPON_TEXTS.permissionDeniedFallback;
    }
    case COUPON_MESSAGES.notEnoughPoints: {
      const required = field(body, 'required_points');
      const yours = field(body, 'your_points');
      return typeof required === 'number' && typeof yours === 'number'
        ? COUPON_TEXTS.notEnoughPoints(required, yours)
        : COUPON_TEXTS.failed;
    }
    case COUPON_MESSAGES.alreadyUsed:
      return COUPON_TEXTS.alreadyUsed;
    case COUPON_MESSAGES.expired:
      return COUPON_TEXTS.expired;
    default:
      return COUPON_TEXTS.failed;
  }
}

import { COUPON_MESSAGES, COUPON_TEXTS } from '@bastion/contract';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { rewardCodeErrorText } from './reward-code-error.ts';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

/** A refused call as the API client hands it over: status and body. */
function refused(status: number, data: unknown): AxiosError {
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    data,
    headers: {},
    config,
  });
}

describe('rewardCodeErrorText (R8 reward code)', () => {
  it("'Not enough points to redeem this coupon.' names both counts", () => {
    const error = refused(400, { error: COUPON_MESSAGES.notEnoughPoints, required_points: 500, your_points: 120 });
    expect(rewardCodeErrorText(error)).toBe('You need 500 points to redeem this code. You currently have 120 points.');
  });

  it('not enough points without the counts falls back to the failure text', () => {
    expect(rewardCodeErrorText(refused(400, { error: COUPON_MESSAGES.notEnoughPoints }))).toBe(COUPON_TEXTS.failed);
  });

  it('a 404 with detail is an invalid code', () => {
    expect(rewardCodeErrorText(refused(404, { detail: 'Not found.' }))).toBe(
      'Invalid reward code. Please check and try again.',
    );
  });

  it('a 404 without a body is an invalid code too', () => {
    expect(rewardCodeErrorText(refused(404, ''))).toBe(COUPON_TEXTS.invalid);
  });

  it("'Coupon already used.'", () => {
    expect(rewardCodeErrorText(refused(400, { error: 'Coupon already used.' }))).toBe(
      'This reward code has already been used.',
    );
  });

  it("'Coupon expired.'", () => {
    expect(rewardCodeErrorText(refused(400, { error: 'Coupon expired.' }))).toBe('This reward code has expired.');
  });

  it("403 'Permission denied' shows the server's message", () => {
    const error = refused(403, { error: 'Permission denied', message: COUPON_MESSAGES.premiumOnly });
    expect(rewardCodeErrorText(error)).toBe(
      'This reward code is only for Premium members. Upgrade your plan to use it.',
    );
  });

  it("403 'Permission denied' without a message shows the fallback", () => {
    expect(rewardCodeErrorText(refused(403, { error: 'Permission denied' }))).toBe(
      'You do not have permission to access this resource',
    );
    expect(rewardCodeErrorText(refused(403, { error: 'Permission denied', message: '  ' }))).toBe(
      COUPON_TEXTS.permissionDeniedFallback,
    );
  });

  it("429 shows the server's detail", () => {
    expect(rewardCodeErrorText(refused(429, { detail: COUPON_MESSAGES.throttled }))).toBe(
      'Too many reward code attempts. Please wait a few minutes before trying again.',
    );
    expect(rewardCodeErrorText(refused(429, { detail: 'Slow down.' }))).toBe('Slow down.');
  });

  it('429 without a detail still says to wait', () => {
    expect(rewardCodeErrorText(refused(429, {}))).toBe(COUPON_MESSAGES.throttled);
  });

  it('a 401 shows nothing: the session ends', () => {
    expect(rewardCodeErrorText(refused(401, { detail: 'Given token not valid for any token type' }))).toBeNull();
  });

  it.each([
    ['a 400 with another error', refused(400, { error: 'Something new.' })],
    ['a 403 with only a detail', refused(403, { detail: 'Forbidden.' })],
    ['a 500', refused(500, { detail: 'A server error occurred.' })],
    ['an HTML error page', refused(502, '<html>Bad gateway</html>')],
    ['no answer at all', new AxiosError('Network Error', 'ERR_NETWORK', config)],
    ['something that is not an HTTP error', new Error('boom')],
  ])('anything else (%s) shows the failure text', (_name, error) => {
    expect(rewardCodeErrorText(error)).toBe('Failed to redeem reward code. Please try again.');
  });
});

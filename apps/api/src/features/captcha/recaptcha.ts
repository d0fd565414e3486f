import { createHash } from 'node:crypto';
import { z } from 'zod';

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** Google answers a token once and keeps it valid for two minutes. */
export const RECAPTCHA_TTL_SECONDS = 120;

const siteverifyResponse = z.object({ success: z.boolean() }).loose();

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Asks Google's siteverify whether the token is a fresh solution; any failure to ask counts as no. */
export async function verifyRecaptcha(
  fetchImpl: FetchLike,
  secretKey: string,
  token: string,
  ip: string,
): Promise<{ spendKey: string } | null> {
  try {
    const response = await fetchImpl(SITEVERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: secretKey, response: token, remoteip: ip }).toString(),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return null;
    const body = siteverifyResponse.safeParse(await response.json());
    if (!body.success || !body.data.success) return null;
    return { spendKey: `recaptcha:${createHash('sha256').update(token).digest('hex')}` };
  } catch {
    return null;
  }
}

import { MESSAGES, type SignedInSession, type TwoFactorStatus } from '@bastion/contract';
import { http, HttpResponse } from 'msw';
import { server } from '@test/server.ts';
import { RECOVERY_CODES, twoFactorStatus } from './fixtures.ts';

export const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Bastion:ada?secret=JBSWY3DPEHPK3PXP&issuer=Bastion',
  // Markup a page must never run: shown as an image, its script is inert.
  qr_svg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><script>window.qrRan = true</script><rect width="7" height="7"/></svg>',
};

export const GOOD_CODE = '246810';
export const PASSWORD = 'a-long-and-unusual-passphrase';

type Proof = { password: string; code: string };

/**
 * A small two-factor server: the status, setup, and confirm, disable and new codes (PASSWORD and GOOD_CODE
 * only), with the bodies each call received.
 */
export function serveTwoFactor(initial: Partial<TwoFactorStatus> = {}) {
  const state = { status: twoFactorStatus(initial), calls: [] as { path: string; body: unknown }[] };
  const record = async (request: Request) => {
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : null;
    state.calls.push({ path: new URL(request.url).pathname, body });
    return body;
  };
  const checkProof = (body: Proof) => {
    if (body.password !== PASSWORD) {
      return HttpResponse.json({ password: [MESSAGES.wrongCurrentPassword] }, { status: 400 });
    }
    if (body.code !== GOOD_CODE) return HttpResponse.json({ code: [MESSAGES.twoFactorInvalidCode] }, { status: 400 });
    return null;
  };
  server.use(
    http.get('/api/users/2fa/', () => HttpResponse.json(state.status)),
    http.post('/api/users/2fa/setup/', async ({ request }) => {
      const body = (await record(request)) as { password?: string } | null;
      if (body?.password !== PASSWORD) {
        return HttpResponse.json({ password: [MESSAGES.wrongCurrentPassword] }, { status: 400 });
      }
      return HttpResponse.json(SETUP);
    }),
    http.post('/api/users/2fa/confirm/', async ({ request }) => {
      const refused = checkProof((await record(request)) as Proof);
      if (refused) return refused;
      state.status = { ...state.status, enabled: true, recovery_codes_left: RECOVERY_CODES.length };
      return HttpResponse.json({ recovery_codes: RECOVERY_CODES });
    }),
    http.post('/api/users/2fa/disable/', async ({ request }) => {
      const refused = checkProof((await record(request)) as Proof);
      if (refused) return refused;
      state.status = { ...state.status, enabled: false, recovery_codes_left: 0 };
      return HttpResponse.json({ detail: MESSAGES.twoFactorDisabled });
    }),
    http.post('/api/users/2fa/recovery-codes/', async ({ request }) => {
      const refused = checkProof((await record(request)) as Proof);
      if (refused) return refused;
      const fresh = RECOVERY_CODES.map((code) => code.split('').reverse().join(''));
      state.status = { ...state.status, recovery_codes_left: fresh.length };
      return HttpResponse.json({ recovery_codes: fresh });
    }),
  );
  return state;
}

/** The sessions list, with ending one (by id) and ending all but the current one. */
export function serveSessions(initial: SignedInSession[]) {
  const state = { sessions: [...initial], deleted: [] as string[], revokedOthers: 0 };
  server.use(
    http.get('/api/users/sessions/', () => HttpResponse.json(state.sessions)),
    http.delete('/api/users/sessions/:id/', ({ params }) => {
      const id = String(params.id);
      state.deleted.push(id);
      if (!state.sessions.some((session) => session.id === id)) {
        return HttpResponse.json({ detail: MESSAGES.notFound }, { status: 404 });
      }
      state.sessions = state.sessions.filter((session) => session.id !== id);
      return HttpResponse.json({ detail: MESSAGES.sessionEnded, revoked: 1 });
    }),
    http.post('/api/users/sessions/revoke-others/', () => {
      state.revokedOthers += 1;
      const revoked = state.sessions.filter((session) => !session.current).length;
      state.sessions = state.sessions.filter((session) => session.current);
      return HttpResponse.json({ detail: MESSAGES.otherSessionsEnded, revoked });
    }),
  );
  return state;
}

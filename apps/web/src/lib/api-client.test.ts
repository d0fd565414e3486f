import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import { makeTokens, storeTokens } from '@test/tokens.ts';
import { api, apiErrorText } from './api-client.ts';
import { tokenStore } from './session/token-store.ts';

const REFRESH = '/api/auth/token/refresh/';

/** A protected endpoint that accepts only the given access token. */
function protectedEndpoint(path: string, accepts: () => string | undefined) {
  return http.get(path, ({ request }) => {
    const header = request.headers.get('authorization');
    if (header !== `Bearer ${accepts()}`)
      return HttpResponse.json(
        { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
        { status: 401 },
      );
    return HttpResponse.json({ ok: true, path });
  });
}

describe('api client', () => {
  it('sends the access token as a bearer header, with a 5 s timeout', async () => {
    const tokens = makeTokens();
    storeTokens(tokens);
    let seen: string | null = null;
    server.use(
      http.get('/api/navbar/', ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json({});
      }),
    );
    await api.get('/api/navbar/');
    expect(seen).toBe(`Bearer ${tokens.access}`);
    expect(api.defaults.timeout).toBe(5000);
  });

  it('on a 401 refreshes once, stores the rotated pair and retries once', async () => {
    const old = makeTokens();
    const rotated = makeTokens();
    storeTokens(old);
    const refreshBodies: unknown[] = [];
    let calls = 0;
    server.use(
      http.post(REFRESH, async ({ request }) => {
        refreshBodies.push(await request.json());
        return HttpResponse.json(rotated);
      }),
      http.get('/api/dashboard/summary/', ({ request }) => {
        calls += 1;
        if (request.headers.get('authorization') !== `Bearer ${rotated.access}`)
          return new HttpResponse(null, { status: 401 });
        return HttpResponse.json({ points: 5 });
      }),
    );
    const response = await api.get('/api/dashboard/summary/');
    expect(response.data).toEqual({ points: 5 });
    expect(calls).toBe(2);
    expect(refreshBodies).toEqual([{ refresh: old.refresh }]);
    expect(tokenStore.get()).toEqual(rotated);
  });

  it('concurrent 401s share one refresh', async () => {
    storeTokens(makeTokens());
    const rotated = makeTokens();
    let refreshes = 0;
    server.use(
      http.post(REFRESH, async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json(rotated);
      }),
      protectedEndpoint('/api/a/', () => rotated.access),
      protectedEndpoint('/api/b/', () => rotated.access),
      protectedEndpoint('/api/c/', () => rotated.access),
    );
    const results = await Promise.all([api.get('/api/a/'), api.get('/api/b/'), api.get('/api/c/')]);
    expect(results.map((result) => result.data.path)).toEqual(['/api/a/', '/api/b/', '/api/c/']);
    expect(refreshes).toBe(1);
  });

  it('a call refused with a token another call has already replaced is retried without a new refresh', async () => {
    const old = makeTokens();
    const rotated = makeTokens();
    storeTokens(old);
    let refreshes = 0;
    server.use(
      http.post(REFRESH, () => {
        refreshes += 1;
        return HttpResponse.json(rotated);
      }),
      protectedEndpoint('/api/first/', () => rotated.access),
      http.get('/api/slow/', async ({ request }) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (request.headers.get('authorization') !== `Bearer ${rotated.access}`)
          return new HttpResponse(null, { status: 401 });
        return HttpResponse.json({ ok: true });
      }),
    );
    const slow = api.get('/api/slow/');
    await api.get('/api/first/');
    await expect(slow).resolves.toMatchObject({ data: { ok: true } });
    expect(refreshes).toBe(1);
  });

  it('logs out when the refresh is refused (401)', async () => {
    storeTokens(makeTokens());
    server.use(
      http.post(REFRESH, () =>
        HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 }),
      ),
      protectedEndpoint('/api/navbar/', () => 'never'),
    );
    await expect(api.get('/api/navbar/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(tokenStore.get()).toBeNull();
    expect(localStorage.getItem('bastion.tokens')).toBeNull();
  });

  it('logs out when the refresh fails for another reason', async () => {
    storeTokens(makeTokens());
    server.use(
      http.post(REFRESH, () => HttpResponse.json({ detail: 'Server error.' }, { status: 500 })),
      protectedEndpoint('/api/navbar/', () => 'never'),
    );
    await expect(api.get('/api/navbar/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(tokenStore.get()).toBeNull();
  });

  it('logs out when the retried call is refused again, after exactly one refresh', async () => {
    storeTokens(makeTokens());
    let refreshes = 0;
    let calls = 0;
    server.use(
      http.post(REFRESH, () => {
        refreshes += 1;
        return HttpResponse.json(makeTokens());
      }),
      http.get('/api/navbar/', () => {
        calls += 1;
        return new HttpResponse(null, { status: 401 });
      }),
    );
    await expect(api.get('/api/navbar/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(refreshes).toBe(1);
    expect(calls).toBe(2);
    expect(tokenStore.get()).toBeNull();
  });

  it('does not refresh for a 401 to a call made without a token (a wrong password)', async () => {
    let refreshes = 0;
    server.use(
      http.post(REFRESH, () => {
        refreshes += 1;
        return HttpResponse.json(makeTokens());
      }),
      http.post('/api/users/login/', () =>
        HttpResponse.json({ detail: 'No active account found with the given credentials' }, { status: 401 }),
      ),
    );
    await expect(api.post('/api/users/login/', {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(refreshes).toBe(0);
  });

  it('sends no bearer header when asked to skip it', async () => {
    storeTokens(makeTokens());
    let seen: string | null = 'unset';
    server.use(
      http.post('/api/users/login/', ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json({});
      }),
    );
    await api.post('/api/users/login/', {}, { skipAuth: true });
    expect(seen).toBeNull();
  });

  it('leaves other errors alone', async () => {
    const tokens = makeTokens();
    storeTokens(tokens);
    server.use(http.get('/api/missing/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    await expect(api.get('/api/missing/')).rejects.toMatchObject({ response: { status: 404 } });
    expect(tokenStore.get()).toEqual(tokens);
  });
});

describe('apiErrorText', () => {
  async function failure(
    body: string | Record<string, unknown>,
    init: { status: number; headers?: Record<string, string> },
  ) {
    server.use(
      http.get('/api/fail/', () =>
        typeof body === 'string' ? new HttpResponse(body, init) : HttpResponse.json(body, init),
      ),
    );
    return api.get('/api/fail/').catch((error: unknown) => error);
  }

  it('builds the text from the response body (R8)', async () => {
    expect(apiErrorText(await failure({ detail: 'Enroll in this module first.' }, { status: 400 }))).toBe(
      'Enroll in this module first.',
    );
    expect(apiErrorText(await failure({ email: ['Enter a valid email address.'] }, { status: 400 }))).toBe(
      'email: Enter a valid email address.',
    );
    expect(
      apiErrorText(await failure('Plain text problem', { status: 400, headers: { 'content-type': 'text/plain' } })),
    ).toBe('Plain text problem');
  });

  it('uses the fallback without a usable body', async () => {
    expect(apiErrorText(await failure({}, { status: 500 }), 'Registration failed.')).toBe('Registration failed.');
    expect(
      apiErrorText(
        await failure('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      ),
    ).toBe('An error occurred');
    server.use(http.get('/api/down/', () => HttpResponse.error()));
    expect(apiErrorText(await api.get('/api/down/').catch((error: unknown) => error))).toBe('An error occurred');
    expect(apiErrorText(new Error('boom'), 'Fallback.')).toBe('Fallback.');
  });
});

import { http, HttpResponse, type JsonBodyType } from 'msw';
import { renderRoutes } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { PublicProfilePage } from '@/features/public-profile/pages/PublicProfilePage.tsx';
import { CHALLENGES, MODULE_STATS, POINTS, STATISTICS, badge, paged, publicProfile } from './fixtures.ts';

const BASE = '/api/users/profile/public/:username';

export interface ServedCall {
  path: string;
  search: string;
  authorization: string | null;
}

/**
 * Serves a public profile like the API: the sections the owner hides answer 404, every call is recorded.
 * Unknown usernames answer the same 404.
 */
export function servePublicProfile(profile = publicProfile()) {
  const calls: ServedCall[] = [];
  const shown = new Set<string>(profile.sections);
  const record = (request: Request) => {
    const url = new URL(request.url);
    calls.push({ path: url.pathname, search: url.search, authorization: request.headers.get('authorization') });
  };
  const section = (name: string, path: string, body: () => JsonBodyType) =>
    http.get(`${BASE}/${path}/`, ({ request, params }) => {
      record(request);
      if (params.username !== profile.username || !shown.has(name)) {
        return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      }
      return HttpResponse.json(body());
    });
  server.use(
    http.get(`${BASE}/`, ({ request, params }) => {
      record(request);
      return params.username === profile.username
        ? HttpResponse.json(profile)
        : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    section('points', 'points', () => POINTS),
    section('badges', 'badges', () => paged([badge()])),
    section('challenges', 'challenges', () => CHALLENGES),
    section('module_stats', 'module-stats', () => paged(MODULE_STATS)),
    section('statistics', 'statistics', () => STATISTICS),
  );
  return calls;
}

/** Renders /profile/{username} with the app's providers and placeholders for the pages it links to. */
export function renderPublicProfile(username = 'ada') {
  return renderRoutes(`/profile/${username}`, [
    { path: '/profile/:username', element: <PublicProfilePage /> },
    { path: '/', element: <p>Home screen</p> },
    { path: '/register', element: <p>Register screen</p> },
    { path: '/dashboard', element: <p>Dashboard screen</p> },
    { path: '/completion/*', element: <p>Completion screen</p> },
  ]);
}

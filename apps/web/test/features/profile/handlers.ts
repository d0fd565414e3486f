import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  certificate,
  challengeAttempt,
  earnedBadge,
  lockedBadge,
  moduleProgress,
  paged,
  pointsRow,
  profile,
  redemption,
  statistics,
} from './fixtures.ts';

/** Every call of /profile answered with one item each (or what `overrides` says); later handlers win. */
export function profileHandlers(...overrides: HttpHandler[]): HttpHandler[] {
  return [
    ...overrides,
    http.get('/api/users/profile/', () => HttpResponse.json(profile())),
    http.get('/api/userstatistics/', () => HttpResponse.json(statistics())),
    http.get('/api/badges/earned/', () => HttpResponse.json(paged([earnedBadge()]))),
    http.get('/api/badges/locked/', () => HttpResponse.json(paged([lockedBadge()]))),
    http.get('/api/users/certificates/', () => HttpResponse.json([certificate()])),
    http.get('/api/points/pointshistory/', () => HttpResponse.json(paged([pointsRow()]))),
    http.get('/api/challenges/history/', () => HttpResponse.json(paged([challengeAttempt()]))),
    http.get('/api/users/module-progress/', () => HttpResponse.json(paged([moduleProgress()]))),
    http.get('/api/coupons/history/', () => HttpResponse.json(paged([redemption()]))),
  ];
}

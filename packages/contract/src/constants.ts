/** Business constants of R9, shared by the web app and the API. */
export const APP_NAME = 'Bastion';
export const APP_VERSION = '1.0.0';
export const FOOTER_VERSION = `v${APP_VERSION}`;

export const SESSION = {
  refreshWhenRemainingSeconds: 120,
  periodicCheckSeconds: 300,
  minRefreshGapSeconds: 30,
  inactivityRecheckSeconds: 120,
  maxConsecutiveRefreshFailures: 5,
} as const;

export const DATA_LOADING = {
  requestTimeoutMs: 5_000,
  staleTimeMs: 5 * 60_000,
  gcTimeMs: 30 * 60_000,
  queryRetries: 2,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
  mutationRetries: 1,
} as const;

export const POLLING = {
  notificationMenuMs: 30_000,
  challengeLeaderboardMs: 30_000,
  challengeLeaderboardStaleMs: 15_000,
  challengeContentStaleMs: 30_000,
  challengeContentGcMs: 60 * 60_000,
  allNotificationsStaleMs: 60_000,
} as const;

/** `maxPage`: the deepest page served; its offset fits PostgreSQL's integer even at the largest page size. */
export const PAGING = { defaultPage: 1, defaultPageSize: 10, maxPageSize: 100, maxPage: 1_000_000 } as const;

export const DISPLAY = {
  notificationMenuItems: 5,
  unreadBadgeMax: 99,
  streakTiers: { rare: 1, epic: 7, legendary: 15 },
  ratingStars: 5,
  snackbarAutoHideMs: 4_000,
  signupRedirectMs: 5_000,
  confettiPieces: 200,
} as const;

export const FEEDBACK_INTERVAL_SECONDS = 60;

/** Avatar uploads (R12): multipart `photo`, PNG, JPEG or WebP, sniffed by the server. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const ALLOWED_LOCAL_STORAGE_KEYS = ['bastion.tokens', 'bastion.theme', 'access_token', 'refresh_token'] as const;

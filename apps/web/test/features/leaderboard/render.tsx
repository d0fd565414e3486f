import { renderSignedIn } from '@test/render-app.tsx';
import { LeaderboardPage } from '@/features/leaderboard/pages/LeaderboardPage.tsx';

/** Renders /leaderboard (signed in) with the app's providers and a public-profile placeholder. */
export function renderLeaderboard(entry = '/leaderboard') {
  return renderSignedIn(entry, [
    { path: '/leaderboard', element: <LeaderboardPage /> },
    { path: '/profile/:username', element: <p>Public profile screen</p> },
    { path: '/login', element: <p>Login screen</p> },
  ]);
}

// What other workspaces may use of the API in their own process (`@bastion/api`): the benchmarks build the app as
// production does, time the leaderboard's service on its own and hash the password of the learners they seed.
// Everything else runs the server (src/server.ts) or the CLI (src/cli/index.ts) as a process.
export { buildApp, type App } from './app.ts';
export { loadConfig } from './config.ts';
export { systemClock } from './lib/clock.ts';
export { hashPassword } from './lib/passwords.ts';
export { createLeaderboardService } from './features/leaderboard/leaderboard.service.ts';
export { periodKey } from './lib/leaderboard-periods.ts';

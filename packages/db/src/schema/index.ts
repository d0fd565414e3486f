export * from './accounts.ts';
export * from './jobs.ts';
export * from './engagement.ts';
export * from './content.ts';
export * from './content-imports.ts';
export * from './progress.ts';
export * from './leaderboard.ts';
export * from './audit.ts';

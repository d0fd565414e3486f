export * from './accounts.ts';
export * from './jobs.ts';
export * from './engagement.ts';

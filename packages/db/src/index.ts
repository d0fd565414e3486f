export * from './client.ts';
export * from './listen.ts';
export * from './migrate.ts';
export * from './raw-rows.ts';
export * from './roles.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';

export * from './constants.ts';
export * from './messages.ts';
export * from './error-text.ts';
export * from './schemas/common.ts';
export * from './schemas/accounts.ts';
export * from './countries.ts';

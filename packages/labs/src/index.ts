export * from './lab-spec.ts';
export * from './protocol.ts';
export * from './accounts.ts';
export * from './setup-script.ts';
export * from './lab-session.ts';

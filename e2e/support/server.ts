import { inject } from 'vitest';

/** The URL of the server started for this run (e2e/support/global-setup.ts). */
export function baseUrl(): string {
  return inject('baseUrl');
}

export function url(pathname: string): string {
  return new URL(pathname, baseUrl()).toString();
}

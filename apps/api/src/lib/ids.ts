import { UUID_PATTERN } from '@bastion/contract';
import { NotFound } from './errors.ts';

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** Every id in a URL is a UUID: anything else is as unknown as a missing one (404, never a database error). */
export function requireUuid(id: string): string {
  if (!isUuid(id)) throw new NotFound();
  return id.toLowerCase();
}

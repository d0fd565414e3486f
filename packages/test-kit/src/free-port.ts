import getPort from 'get-port';

/** A TCP port nothing listens on now, for a server a test or bench starts. */
export function freePort(): Promise<number> {
  return getPort();
}

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only the browser knows, such as the page's origin or today's year. A prerendered page was rendered
 * with `prerendered`; while it hydrates React renders that too (so the markup matches), then `read()`'s.
 */
export function useBrowserValue<T>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(noSubscription, read, () => prerendered);
}

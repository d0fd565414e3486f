/** `fn` applied at once to a value, or when a promise settles: a cache hit stays synchronous. */
export function thenApply<T, R>(value: T | Promise<T>, fn: (resolved: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}

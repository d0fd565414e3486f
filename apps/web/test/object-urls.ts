import { onTestFinished, vi } from 'vitest';

/**
 * Object URLs for the test that calls this: jsdom has none of its own, and Node's `URL` is shared by every file a
 * worker runs, so the stand-ins are spies restored when the test finishes.
 */
export function stubObjectUrls(url: (blob: Blob) => string = () => 'blob:test') {
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => url(blob as Blob));
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue();
  onTestFinished(() => {
    created.mockRestore();
    revoked.mockRestore();
  });
  return { created, revoked };
}

/**
 * R2: images are loaded by prefixing the returned path with the API host.
 * The API serves the web app itself, so the host is this origin unless `VITE_API_HOST` says otherwise.
 */
export const API_HOST: string = (import.meta.env.VITE_API_HOST ?? '').replace(/\/+$/, '');

export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  return `${API_HOST}${path.startsWith('/') ? path : `/${path}`}`;
}

import { api } from '@/lib/api-client.ts';
import { publicProfilePath } from './query-keys.ts';

/** A public-profile call: always without the bearer token, so a stale session never gets in the way. */
export async function getPublic<T>(username: string, section = '', page?: number): Promise<T> {
  const { data } = await api.get<T>(publicProfilePath(username, section), {
    skipAuth: true,
    params: page === undefined ? undefined : { page },
  });
  return data;
}

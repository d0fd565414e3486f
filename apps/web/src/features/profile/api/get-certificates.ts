import type { CertificateItem } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

/** R13: `GET /api/users/certificates/` → the learner's course certificates (a plain list). */
export async function getCertificates(): Promise<CertificateItem[]> {
  const { data } = await api.get<CertificateItem[]>('/api/users/certificates/');
  return data;
}

export function certificatesQueryOptions() {
  return queryOptions({ queryKey: profileKeys.certificates(), queryFn: getCertificates });
}

export function useCertificates() {
  return useQuery(certificatesQueryOptions());
}

import type { AuditEntry, Paged } from '@bastion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export interface AuditFilters {
  action: string;
  actor: string;
  target: string;
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit/: newest first, filtered, paged. Empty filters are left out. */
export async function getAuditLog(filters: AuditFilters, page: number): Promise<Paged<AuditEntry>> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
  const { data } = await api.get<Paged<AuditEntry>>('/api/admin/audit/', {
    params: { ...params, page, page_size: AUDIT_PAGE_SIZE },
  });
  return data;
}

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: adminKeys.audit({ ...filters, page }),
    queryFn: () => getAuditLog(filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

import { saveCsvFrom, setFilters } from '../lib/csv.ts';
import type { AuditFilters } from './get-audit-log.ts';

/** GET /api/admin/audit/export/: every entry the filters match, as a CSV file the browser saves. Audited. */
export function exportAuditLog(filters: AuditFilters): Promise<void> {
  return saveCsvFrom('/api/admin/audit/export/', setFilters({ ...filters }), 'audit-log.csv');
}

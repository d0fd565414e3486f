import { saveCsvFrom } from '../lib/csv.ts';
import { submissionParams, type SubmissionFilters } from './get-submissions.ts';

/** GET /api/admin/submissions/export/: every answer the filters match, as a CSV file the browser saves. Audited. */
export function exportSubmissions(filters: SubmissionFilters): Promise<void> {
  return saveCsvFrom('/api/admin/submissions/export/', submissionParams(filters), 'submissions.csv');
}

import type { ContentDryRun, ContentFolderCounts } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { apiErrorText } from '@/lib/api-client.ts';
import { plural } from '@/lib/plural.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useContentDryRun, useContentImport } from '../api/content.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ContentChanges } from './content-changes.tsx';
import { ContentProblemList } from './content-problem-list.tsx';

/** "1 course, 2 modules, 4 lessons and quizzes, 1 challenge and 1 badge". */
export function describeFolder(counts: ContentFolderCounts): string {
  const parts = [
    plural(counts.courses, 'course'),
    plural(counts.modules, 'module'),
    `${counts.items} ${counts.items === 1 ? 'lesson or quiz' : 'lessons and quizzes'}`,
    plural(counts.challenges, 'challenge'),
    plural(counts.badges, 'badge'),
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function Verdict({ report }: { report: ContentDryRun }) {
  const warnings = report.warning_count > 0 ? ` ${plural(report.warning_count, 'warning')}: they do not stop it.` : '';
  return report.valid ? (
    <Alert severity="success" role="status">
      Ready to import: {describeFolder(report.folder)}.{warnings}
    </Alert>
  ) : (
    <Alert severity="error" role="status">
      {plural(report.problem_count, 'problem')} to fix in the folder, then check it again: nothing can be imported until
      then.
    </Alert>
  );
}

/** Import again: check the server's folder first (nothing is written), then import what was checked. */
export function ContentCheck() {
  const dryRun = useContentDryRun();
  const importing = useContentImport();
  const snackbar = useSnackbar();
  const [asking, setAsking] = useState(false);
  const report = dryRun.data;

  function runImport() {
    importing.mutate(undefined, {
      onSuccess: (run) => {
        dryRun.reset();
        const counts = run.counts!;
        snackbar.show(
          `Imported: ${counts.created} created, ${counts.updated} updated, ${counts.hidden} hidden.`,
          'success',
        );
      },
      onError: (error) => {
        dryRun.reset();
        snackbar.show(apiErrorText(error, 'The import failed. Please try again.'), 'error');
      },
    });
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="outlined" disabled={dryRun.isPending || importing.isPending} onClick={() => dryRun.mutate()}>
          {dryRun.isPending ? 'Checking the folder…' : 'Check the folder'}
        </Button>
        {report?.valid && (
          <Button variant="contained" disabled={importing.isPending} onClick={() => setAsking(true)}>
            {importing.isPending ? 'Importing…' : 'Import'}
          </Button>
        )}
      </Box>
      {dryRun.isError && (
        <Alert severity="error">
          {apiErrorText(dryRun.error, 'The folder could not be checked. Please try again.')}
        </Alert>
      )}
      {report && (
        <Box component="section" aria-label="Check of the folder">
          <Verdict report={report} />
          <ContentChanges report={report} />
          <ContentProblemList noun="problem" items={report.problems} total={report.problem_count} />
          <ContentProblemList noun="warning" items={report.warnings} total={report.warning_count} />
        </Box>
      )}
      <ConfirmDialog
        open={asking}
        title="Import the content folder?"
        text="Courses, modules, lessons, quizzes, challenges and badges are updated from the folder, and what left it is hidden from learners. Learner progress is kept."
        confirmLabel="Import"
        onConfirm={runImport}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}

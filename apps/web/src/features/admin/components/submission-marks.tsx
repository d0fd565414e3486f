import type { Submission } from '@bastion/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

const secondsBetween = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/** Where the log lists the answers to `item` with `fingerprint`: the same wrong answer, whoever sent it. */
export const sameAnswerPath = (entry: Submission) =>
  `/admin/submissions?${new URLSearchParams({ item: entry.item.id, fingerprint: entry.fingerprint ?? '' })}`;

/**
 * What the platform noticed about an answer, as on the Integrity page: another learner's secret sent as one's own,
 * a solve faster than the lab could be worked (several are a bulk solve), a wrong answer other learners sent too.
 */
export function SubmissionMarks({ entry }: { entry: Submission }) {
  const quick = entry.quick_solve;
  const marks = [
    entry.shared_from && (
      <Chip
        key="shared"
        size="small"
        color="error"
        clickable
        component={RouterLink}
        to={`/admin/learners/${entry.shared_from.id}`}
        label={`${entry.shared_from.username}'s secret`}
      />
    ),
    quick && (
      <Chip
        key="quick"
        size="small"
        color="warning"
        label={
          quick.lab_opened_at
            ? `Quick solve: lab opened ${secondsBetween(quick.lab_opened_at, entry.at)} s before`
            : 'Quick solve: lab never opened'
        }
      />
    ),
    quick && quick.learner_quick_solves > 1 && (
      <Chip
        key="bulk"
        size="small"
        color="warning"
        variant="outlined"
        clickable
        component={RouterLink}
        to="/admin/integrity"
        label={`Bulk: ${quick.learner_quick_solves} quick solves`}
      />
    ),
    entry.same_answer_learners > 1 && (
      <Chip
        key="same"
        size="small"
        color="info"
        variant="outlined"
        clickable
        component={RouterLink}
        to={sameAnswerPath(entry)}
        label={`Sent by ${entry.same_answer_learners} learners`}
      />
    ),
  ].filter(Boolean);
  if (marks.length === 0) return '—';
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {marks}
    </Stack>
  );
}

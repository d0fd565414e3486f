import type { CompletedChallenge } from '@bastion/contract';
import Bolt from '@mui/icons-material/Bolt';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Timer from '@mui/icons-material/TimerOutlined';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { PublicRecordCard, recordName, RecordPerson, RecordShare, RecordSubject } from '@/components/public-record.tsx';
import { completionShareText } from '@/components/share-buttons.tsx';
import { formatDuration, formatLongDate } from '../lib/format.ts';
import { completionPath } from '../lib/paths.ts';
import { CategoryChip } from './challenge-chips.tsx';
import { DifficultyChip } from '@/components/level-chips.tsx';
import { plural } from '@/lib/plural.ts';

/** A public, shareable challenge completion: who, which challenge, when, how fast and for how many points. */
export function ChallengeCompletionCard({ record }: { record: CompletedChallenge }) {
  const name = recordName(record.user);
  const shareUrl = `${window.location.origin}${completionPath(record.id)}`;
  return (
    <PublicRecordCard component="article" labelledBy="completion-title">
      <RecordPerson
        eyebrow="Challenge completed"
        name={name}
        username={record.user.username}
        photo={record.user.photo}
        titleId="completion-title"
      />
      <RecordSubject kind="challenge" title={record.challenge.title} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap', mt: 2 }}>
        <CategoryChip category={record.challenge.category} />
        <DifficultyChip difficulty={record.challenge.difficulty} />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
        <Chip
          icon={<EmojiEvents />}
          label={`${record.points_earned} of ${plural(record.challenge.points, 'point')} earned`}
          variant="outlined"
          sx={{ fontWeight: 600 }}
        />
        <Chip icon={<Timer />} label={`Solved in ${formatDuration(record.time_taken_seconds)}`} variant="outlined" />
        <Chip label={`Completed on ${formatLongDate(record.completed_at)}`} variant="outlined" />
        {record.first_blood && (
          <Chip icon={<Bolt />} color="error" label="First blood: the first to solve it" sx={{ fontWeight: 600 }} />
        )}
      </Stack>
      <Divider sx={{ my: 4 }} />
      <RecordShare url={shareUrl} text={completionShareText(name, 'challenge', record.challenge.title)} />
    </PublicRecordCard>
  );
}

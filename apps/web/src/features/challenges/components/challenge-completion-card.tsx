import type { CompletedChallenge } from '@bastion/contract';
import Bolt from '@mui/icons-material/Bolt';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Timer from '@mui/icons-material/TimerOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import defaultAvatar from '../../../assets/default-avatar.svg';
import { completionShareText, ShareButtons } from '../../../components/share-buttons.tsx';
import { mediaUrl } from '../../../lib/media-url.ts';
import { formatDuration, formatLongDate } from '../lib/format.ts';
import { completionPath } from '../lib/paths.ts';
import { CategoryChip, DifficultyChip } from './challenge-chips.tsx';
import { plural } from '../../../lib/plural.ts';

/** A public, shareable challenge completion: who, which challenge, when, how fast and for how many points. */
export function ChallengeCompletionCard({ record }: { record: CompletedChallenge }) {
  const name = record.user.full_name.trim() || record.user.username;
  const shareUrl = `${window.location.origin}${completionPath(record.id)}`;
  return (
    <Paper
      component="article"
      aria-labelledby="completion-title"
      variant="outlined"
      sx={(theme) => ({
        p: { xs: 3, sm: 5 },
        borderRadius: 4,
        textAlign: 'center',
        background: `radial-gradient(ellipse at top, ${theme.palette.heroGlow}, transparent 70%)`,
      })}
    >
      <Typography variant="eyebrow" component="p" sx={{ color: 'primary.main' }}>
        Challenge completed
      </Typography>
      <Avatar
        src={mediaUrl(record.user.photo) ?? defaultAvatar}
        alt={`Photo of ${name}`}
        sx={{ width: 96, height: 96, mx: 'auto', mt: 3, mb: 2, border: 2, borderColor: 'divider' }}
      />
      <Typography id="completion-title" variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.5rem' } }}>
        {name}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>@{record.user.username}</Typography>
      <Typography sx={{ mt: 3, color: 'text.secondary' }}>completed the challenge</Typography>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mt: 0.5, overflowWrap: 'anywhere' }}>
        {record.challenge.title}
      </Typography>
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
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Share
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <ShareButtons url={shareUrl} text={completionShareText(name, 'challenge', record.challenge.title)} />
      </Box>
    </Paper>
  );
}

import Bolt from '@mui/icons-material/Bolt';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicChallenge } from '@bastion/contract';
import { Link as RouterLink } from 'react-router';
import { usePublicChallenges } from '../api/get-public-challenges.ts';
import { formatDay, pointsText } from '../lib/format.ts';
import { ProfileSection } from './profile-section.tsx';
import { categoryLabel } from '@/domain/challenge-category.ts';
import { DIFFICULTY_COLOURS, DIFFICULTY_LABELS } from '@/domain/difficulty.ts';

function ChallengeRow({ entry }: { entry: PublicChallenge }) {
  const { challenge } = entry;
  const done = formatDay(entry.completed_at);
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={`/completion/challenge/${entry.id}`} sx={{ fontWeight: 700 }}>
          {challenge.title}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {pointsText(entry.points_earned)}
          {done && ` · ${done}`}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        <Chip size="small" variant="outlined" label={categoryLabel(challenge.category)} />
        <Chip
          size="small"
          variant="outlined"
          color={DIFFICULTY_COLOURS[challenge.difficulty]}
          label={DIFFICULTY_LABELS[challenge.difficulty]}
          sx={{ fontWeight: 600 }}
        />
        {entry.first_blood && (
          <Chip size="small" color="secondary" icon={<Bolt />} label="First blood" sx={{ fontWeight: 600 }} />
        )}
      </Stack>
    </Box>
  );
}

export function ChallengesSection({ username }: { username: string }) {
  const query = usePublicChallenges(username);
  return (
    <ProfileSection id="challenges" title="Completed challenges" query={query}>
      {(challenges) =>
        challenges.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No challenges completed yet.</Typography>
        ) : (
          <Box component="ul" aria-label={`Completed challenges, ${challenges.length}`} sx={{ p: 0, m: 0 }}>
            {challenges.map((entry) => (
              <ChallengeRow key={entry.id} entry={entry} />
            ))}
          </Box>
        )
      }
    </ProfileSection>
  );
}

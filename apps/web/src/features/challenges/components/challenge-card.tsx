import type { ChallengeSummary } from '@bastion/contract';
import Bolt from '@mui/icons-material/Bolt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { challengePath, completionPath } from '../lib/paths.ts';
import { CategoryChip, StatusChip } from './challenge-chips.tsx';
import { LevelChips } from '@/components/level-chips.tsx';
import { CompletionPageButton } from '@/components/completion-page-button.tsx';
import { UnlockWithPremiumButton } from '@/components/premium-links.tsx';
import { plural } from '@/lib/plural.ts';
import { InlineMarkdown } from '@/components/inline-markdown.tsx';

const VERBS = { not_started: 'Start', in_progress: 'Continue', completed: 'Review' } as const;

/** A challenge in the list: what it is, what it is worth, where the learner stands, and the next step. */
export function ChallengeCard({ challenge }: { challenge: ChallengeSummary }) {
  const titleId = `challenge-${challenge.id}-title`;
  const verb = VERBS[challenge.status];
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <CategoryChip category={challenge.category} />
          <StatusChip status={challenge.status} />
        </Box>
        <Typography id={titleId} variant="h6" component="h2">
          <Link component={RouterLink} to={challengePath(challenge.id)} color="inherit">
            {challenge.title}
          </Link>
        </Typography>
        <LevelChips difficulty={challenge.difficulty} premium={challenge.is_premium} locked={challenge.locked} />
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          <InlineMarkdown>{challenge.summary}</InlineMarkdown>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {challenge.points} pts · {plural(challenge.steps_count, 'step')} · {plural(challenge.solves, 'solve')}
        </Typography>
        {challenge.first_blood && (
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
            <Bolt fontSize="small" aria-hidden sx={{ color: 'error.main' }} />
            First blood: {challenge.first_blood}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {challenge.locked ? (
            <UnlockWithPremiumButton title={challenge.title} />
          ) : (
            <Button
              component={RouterLink}
              to={challengePath(challenge.id)}
              variant={challenge.status === 'completed' ? 'outlined' : 'contained'}
              aria-label={`${verb} ${challenge.title}`}
            >
              {verb}
            </Button>
          )}
          {challenge.completion_id && (
            <CompletionPageButton to={completionPath(challenge.completion_id)} title={challenge.title} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

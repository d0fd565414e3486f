import type { ChallengeSummary } from '@bastion/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { categoryLabel } from '@/domain/challenge-category.ts';
import { StatusChip } from './challenge-chips.tsx';
import { DifficultyChip, PremiumChip } from '@/components/level-chips.tsx';
import { plural } from '@/lib/plural.ts';
import { InlineMarkdown } from '@/components/inline-markdown.tsx';

interface ChallengeHeaderProps {
  challenge: ChallengeSummary;
  /** Where the back link goes, and what it says. */
  back: { to: string; label: string };
  /** The eyebrow above the title; the category by default. */
  eyebrow?: string;
  children?: ReactNode;
}

/** The challenge's title with what it is worth, how hard it is, and where the learner stands. */
export function ChallengeHeader({ challenge, back, eyebrow, children }: ChallengeHeaderProps) {
  return (
    <Box component="header" sx={{ mb: { xs: 3, md: 4 } }}>
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1 }}>
        {back.label}
      </Button>
      <Typography variant="eyebrow" component="p" sx={{ color: 'primary.main' }}>
        {eyebrow ?? `${categoryLabel(challenge.category)} challenge`}
      </Typography>
      <Typography variant="h1" sx={{ mt: 0.5, fontSize: { xs: '2rem', md: '2.75rem' }, overflowWrap: 'anywhere' }}>
        {challenge.title}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary', mt: 1, maxWidth: 720 }}>
        <InlineMarkdown>{challenge.summary}</InlineMarkdown>
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2, alignItems: 'center' }}>
        <StatusChip status={challenge.status} />
        <DifficultyChip difficulty={challenge.difficulty} />
        {challenge.is_premium && <PremiumChip locked={challenge.locked} />}
        <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
          {challenge.points} pts · {plural(challenge.steps_count, 'step')} · {plural(challenge.solves, 'solve')}
          {challenge.first_blood && ` · First blood: ${challenge.first_blood}`}
        </Typography>
      </Stack>
      {children}
    </Box>
  );
}

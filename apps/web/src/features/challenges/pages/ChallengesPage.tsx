import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { cardGridSx } from '@/components/card-grid.ts';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { EmptyState, LoadError, LoadingCards } from '@/components/query-states.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useChallengeCategories } from '../api/get-challenge-categories.ts';
import { useChallenges } from '../api/get-challenges.ts';
import { ChallengeCard } from '../components/challenge-card.tsx';
import { ChallengeFiltersBar } from '../components/challenge-filters-bar.tsx';
import {
  DEFAULT_CHALLENGE_FILTERS,
  filtersAreDefault,
  readChallengeFilters,
  writeChallengeFilters,
  type ChallengeFilters,
} from '../lib/challenge-filters.ts';
import { plural } from '@/lib/plural.ts';

/** R2 /challenges: every challenge, with category, difficulty, status and access kept in the address. */
export function ChallengesPage() {
  usePageTitle('Challenges');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readChallengeFilters(searchParams), [searchParams]);
  const challenges = useChallenges(filters);
  const categories = useChallengeCategories();

  const update = (patch: Partial<ChallengeFilters>) => setSearchParams(writeChallengeFilters({ ...filters, ...patch }));
  const clear = () => setSearchParams(writeChallengeFilters(DEFAULT_CHALLENGE_FILTERS));

  let body;
  if (challenges.isPending) {
    body = <LoadingCards label="Loading challenges…" />;
  } else if (challenges.isError) {
    body = (
      <LoadError
        title="Could not load the challenges."
        error={challenges.error}
        onRetry={() => void challenges.refetch()}
      />
    );
  } else if (challenges.data.length === 0) {
    body = filtersAreDefault(filters) ? (
      <EmptyState title="No challenges yet">New challenges are on their way. Check back soon.</EmptyState>
    ) : (
      <EmptyState
        title="No challenges match these filters"
        action={
          <Button variant="contained" onClick={clear}>
            Clear filters
          </Button>
        }
      >
        Try fewer filters.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Box sx={cardGridSx} aria-busy={challenges.isPlaceholderData}>
          {challenges.data.map((challenge) => (
            <ChallengeCard key={challenge.id} challenge={challenge} />
          ))}
        </Box>
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mt: 3, textAlign: 'center' }}>
          {plural(challenges.data.length, 'challenge')}
        </Typography>
      </>
    );
  }

  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <PageHeader eyebrow="Practise" title="Challenges">
        Capture-the-flag scenarios solved step by step. Each step has a hint, for a few of its points.
      </PageHeader>
      <ChallengeFiltersBar filters={filters} categories={categories.data ?? []} onChange={update} onClear={clear} />
      <Box sx={{ height: 4, mb: 2 }} aria-hidden>
        {challenges.isFetching && !challenges.isPending && <LinearProgress />}
      </Box>
      {body}
    </Container>
  );
}

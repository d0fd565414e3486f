import Container from '@mui/material/Container';
import { pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock, NotFoundState } from '@/components/query-states.tsx';
import { isMissing } from '@/lib/api-errors.ts';
import { CHALLENGES_PATH } from '../lib/paths.ts';

/** What a challenge's pages show until its detail has loaded: a placeholder, not found, or a retry. */
export function ChallengeLoadState({
  error,
  loadingLabel,
  onRetry,
}: {
  error: unknown;
  loadingLabel: string;
  onRetry(): void;
}) {
  return (
    <Container maxWidth="md" sx={pageContainerSx}>
      {error === null ? (
        <LoadingBlock label={loadingLabel} />
      ) : isMissing(error) ? (
        <NotFoundState what="Challenge" backTo={CHALLENGES_PATH} backLabel="All challenges" />
      ) : (
        <LoadError title="Could not load this challenge." error={error} onRetry={onRetry} />
      )}
    </Container>
  );
}

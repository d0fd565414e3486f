import type { ChallengeContent, ChallengeDetail } from '@bastion/contract';
import Leaderboard from '@mui/icons-material/Leaderboard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { apiErrorStatus, apiErrorText } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useChallenge } from '../api/get-challenge.ts';
import { ChallengeLoadState } from '../components/challenge-load-state.tsx';
import { useChallengeContent } from '../api/get-challenge-content.ts';
import { ChallengeAttachments } from '../components/challenge-attachments.tsx';
import { ChallengeLab } from '../components/challenge-lab.tsx';
import { useStartFirst } from '../api/start-first.ts';
import { ChallengeCompletePanel } from '../components/challenge-complete-panel.tsx';
import { ChallengeHeader } from '../components/challenge-header.tsx';
import { ChallengeMarkdown } from '../components/challenge-markdown.tsx';
import { ChallengeStartPanel } from '../components/challenge-start-panel.tsx';
import { ChallengeStep } from '../components/challenge-step.tsx';
import { ChallengeWriteup } from '../components/challenge-writeup.tsx';
import { PremiumLock } from '../components/premium-lock.tsx';
import { CHALLENGES_PATH, progressPath } from '../lib/paths.ts';

/** R2 /challenges/{uuid}: the story, the files, then start and solve the steps in order (R4). */
export function ChallengePage() {
  const { challengeId = '' } = useParams();
  const detail = useChallenge(challengeId);
  // Fetched beside the detail, not after it; a locked challenge answers 403 and is not asked again.
  const content = useChallengeContent(challengeId, { enabled: detail.data?.locked !== true });
  usePageTitle(detail.data?.title ?? 'Challenge');

  if (detail.isPending || detail.isError) {
    return (
      <ChallengeLoadState
        error={detail.error}
        loadingLabel="Loading the challenge…"
        onRetry={() => void detail.refetch()}
      />
    );
  }

  let body;
  if (detail.data.locked) {
    body = <PremiumLock />;
  } else if (content.isPending) {
    body = <LoadingBlock label="Loading the steps…" />;
  } else if (content.isError) {
    body =
      apiErrorStatus(content.error) === 403 ? (
        <PremiumLock message={apiErrorText(content.error)} />
      ) : (
        <LoadError
          title="Could not load this challenge."
          error={content.error}
          onRetry={() => void content.refetch()}
        />
      );
  } else {
    body = <ChallengeBody challenge={detail.data} content={content.data} />;
  }

  return (
    <Container maxWidth="md" sx={pageContainerSx}>
      <ChallengeHeader challenge={detail.data} back={{ to: CHALLENGES_PATH, label: 'All challenges' }} />
      {body}
    </Container>
  );
}

function ChallengeBody({ challenge, content }: { challenge: ChallengeDetail; content: ChallengeContent }) {
  const completed = challenge.status === 'completed' && challenge.completion_id;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const start = useStartFirst(challenge);

  // Completing the challenge here (not on a later visit) brings the keyboard and screen reader to the panel.
  const wasCompleted = useRef(Boolean(completed));
  useEffect(() => {
    if (completed && !wasCompleted.current) {
      headingRef.current?.focus();
      headingRef.current?.scrollIntoView?.({ block: 'center' });
    }
    wasCompleted.current = Boolean(completed);
  }, [completed]);

  return (
    <>
      {completed && <ChallengeCompletePanel challenge={challenge} completionId={completed} headingRef={headingRef} />}
      <Box component="section" aria-labelledby="challenge-story-title">
        <Typography id="challenge-story-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Story
        </Typography>
        <ChallengeMarkdown topLevel={3}>{content.story}</ChallengeMarkdown>
      </Box>
      <ChallengeAttachments attachments={content.attachments} />
      <ChallengeLab challengeId={challenge.id} attachments={content.attachments} lab={content.lab} />
      {!start.started && <ChallengeStartPanel challenge={challenge} start={start} />}
      <Box component="section" aria-labelledby="challenge-steps-title" sx={{ mt: 4 }}>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            mb: 2,
            flexWrap: 'wrap',
          }}
        >
          <Typography id="challenge-steps-title" variant="h5" component="h2">
            Steps
          </Typography>
          {start.started && !completed && (
            <Button component={RouterLink} to={progressPath(challenge.id)} startIcon={<Leaderboard />}>
              Your progress
            </Button>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {content.steps.map((step, index) => (
            <ChallengeStep key={step.order} challengeId={challenge.id} step={step} position={index + 1} start={start} />
          ))}
        </Box>
      </Box>
      {completed && <ChallengeWriteup challengeId={challenge.id} />}
    </>
  );
}

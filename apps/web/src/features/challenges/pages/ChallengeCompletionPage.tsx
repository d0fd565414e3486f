import { APP_NAME } from '@bastion/contract';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useChallengeCompletion } from '../api/get-challenge-completion.ts';
import { ChallengeCompletionCard } from '../components/challenge-completion-card.tsx';
import { PublicFrame, CompletionStatus } from '../../../components/public-frame.tsx';

/** Spec §2 /completion/challenge/{uuid}: public and shareable, no layout, no sign-in needed. */
export function ChallengeCompletionPage() {
  const { completionId = '' } = useParams();
  const query = useChallengeCompletion(completionId);
  const data = query.data;

  useEffect(() => {
    if (data) {
      const name = data.user.full_name.trim() || data.user.username;
      document.title = `${name} completed ${data.challenge.title} · ${APP_NAME}`;
    }
  }, [data]);

  return (
    <PublicFrame>
      {query.isPending ? (
        <CompletionStatus />
      ) : query.isError ? (
        <CompletionStatus error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ChallengeCompletionCard record={query.data} />
      )}
    </PublicFrame>
  );
}

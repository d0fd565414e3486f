import { useParams } from 'react-router';
import { useChallengeCompletion } from '../api/get-challenge-completion.ts';
import { ChallengeCompletionCard } from '../components/challenge-completion-card.tsx';
import { PublicCompletionPage } from '@/components/public-completion-page.tsx';
import { recordName } from '@/components/public-record.tsx';

/** R2 /completion/challenge/{uuid}: public and shareable, no layout, no sign-in needed. */
export function ChallengeCompletionPage() {
  const { completionId = '' } = useParams();
  return (
    <PublicCompletionPage
      query={useChallengeCompletion(completionId)}
      titleOf={(data) => `${recordName(data.user)} completed ${data.challenge.title}`}
    >
      {(data) => <ChallengeCompletionCard record={data} />}
    </PublicCompletionPage>
  );
}

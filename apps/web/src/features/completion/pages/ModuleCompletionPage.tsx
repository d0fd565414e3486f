import { useParams } from 'react-router';
import { useModuleCompletion } from '../api/get-completion.ts';
import { CompletionCard } from '../components/completion-card.tsx';
import { PublicCompletionPage } from '@/components/public-completion-page.tsx';
import { recordName } from '@/components/public-record.tsx';

/** R2 /completion/module/{uuid}: public and shareable, no layout. */
export function ModuleCompletionPage() {
  const { completionId = '' } = useParams();
  return (
    <PublicCompletionPage
      query={useModuleCompletion(completionId)}
      titleOf={(data) => `${recordName(data.user)} completed ${data.module.title}`}
    >
      {(data) => (
        <CompletionCard
          kind="module"
          user={data.user}
          title={data.module.title}
          completedAt={data.completed_at}
          points={data.points_earned}
          shareUrl={`${window.location.origin}/completion/module/${data.id}`}
        />
      )}
    </PublicCompletionPage>
  );
}

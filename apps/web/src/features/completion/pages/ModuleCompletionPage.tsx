import { APP_NAME } from '@bastion/contract';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useModuleCompletion } from '../api/get-completion.ts';
import { CompletionCard } from '../components/completion-card.tsx';
import { PublicFrame, CompletionStatus } from '../../../components/public-frame.tsx';

/** Spec §2 /completion/module/{uuid}: public and shareable, no layout. */
export function ModuleCompletionPage() {
  const { completionId = '' } = useParams();
  const query = useModuleCompletion(completionId);
  const data = query.data;

  useEffect(() => {
    if (data)
      document.title = `${data.user.full_name || data.user.username} completed ${data.module.title} · ${APP_NAME}`;
  }, [data]);

  return (
    <PublicFrame>
      {query.isPending ? (
        <CompletionStatus />
      ) : query.isError ? (
        <CompletionStatus error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CompletionCard
          kind="module"
          user={query.data.user}
          title={query.data.module.title}
          completedAt={query.data.completed_at}
          points={query.data.points_earned}
          shareUrl={`${window.location.origin}/completion/module/${query.data.id}`}
        />
      )}
    </PublicFrame>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { completionShareText, ShareButtons } from '@/components/share-buttons.tsx';
import { useMarkShareSeen } from '../api/mark-share-seen.ts';
import { FollowUpCard } from './follow-up-card.tsx';

/** The one-time invitation to share a module's completion; sharing or "Not now" stops it for good. */
export function SharePrompt({ moduleId, title, shareUrl }: { moduleId: string; title: string; shareUrl: string }) {
  const markSeen = useMarkShareSeen();
  const dismiss = () => {
    if (!markSeen.isPending) markSeen.mutate(moduleId);
  };
  return (
    <FollowUpCard
      component="aside"
      id="share-prompt-title"
      title="Share your achievement"
      lead={`Let others know you completed ${title}. We will only ask this once.`}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <ShareButtons url={shareUrl} text={completionShareText('I', 'module', title)} onShare={dismiss} />
        <Button onClick={dismiss} sx={{ alignSelf: 'flex-start' }}>
          Not now
        </Button>
      </Stack>
    </FollowUpCard>
  );
}

import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { completionShareText, ShareButtons } from '../../../components/share-buttons.tsx';
import { useMarkShareSeen } from '../api/mark-share-seen.ts';

/** The one-time invitation to share a module's completion; sharing or "Not now" stops it for good. */
export function SharePrompt({ moduleId, title, shareUrl }: { moduleId: string; title: string; shareUrl: string }) {
  const markSeen = useMarkShareSeen();
  const dismiss = () => {
    if (!markSeen.isPending) markSeen.mutate(moduleId);
  };
  return (
    <Paper
      variant="outlined"
      component="aside"
      aria-labelledby="share-prompt-title"
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, textAlign: 'left', borderRadius: 3 }}
    >
      <Typography id="share-prompt-title" variant="h6" component="h3">
        Share your achievement
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        Let others know you completed {title}. We will only ask this once.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <ShareButtons url={shareUrl} text={completionShareText('I', 'module', title)} onShare={dismiss} />
        <Button onClick={dismiss} sx={{ alignSelf: 'flex-start' }}>
          Not now
        </Button>
      </Stack>
    </Paper>
  );
}

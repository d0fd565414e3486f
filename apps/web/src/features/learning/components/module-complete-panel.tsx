import type { ModuleSummary } from '@bastion/contract';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { completionShareText, ShareButtons } from '../../../components/share-buttons.tsx';
import { useMarkShareSeen } from '../api/mark-share-seen.ts';

interface ModuleCompletePanelProps {
  module: ModuleSummary;
  /** Set when this visit completed the whole course too. */
  courseCompletionId: string | null;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The module's success state: its public completion page and, once only, the invitation to share it. */
export function ModuleCompletePanel({ module, courseCompletionId, headingRef }: ModuleCompletePanelProps) {
  const markSeen = useMarkShareSeen();
  const completionPath = module.completion_id ? `/completion/module/${module.completion_id}` : null;
  const shareUrl = completionPath ? `${window.location.origin}${completionPath}` : null;
  const dismiss = () => {
    if (!markSeen.isPending) markSeen.mutate(module.id);
  };

  return (
    <Box
      component="section"
      aria-labelledby="module-complete-title"
      sx={{ textAlign: { xs: 'left', sm: 'center' }, py: { xs: 2, md: 4 } }}
    >
      <EmojiEvents aria-hidden sx={{ fontSize: 64, color: 'points' }} />
      <Typography
        id="module-complete-title"
        ref={headingRef}
        tabIndex={-1}
        variant="h4"
        component="h2"
        sx={{ mt: 1, outline: 'none' }}
      >
        Module complete!
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3, maxWidth: 560, mx: { sm: 'auto' } }}>
        You finished every lesson and quiz in {module.title}. Your completion page shows it to anyone you send it to.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ justifyContent: 'center', flexWrap: 'wrap' }}
      >
        {completionPath && (
          <Button component={RouterLink} to={completionPath} variant="contained" size="large">
            View your completion page
          </Button>
        )}
        {courseCompletionId && (
          <Button
            component={RouterLink}
            to={`/completion/course/${courseCompletionId}`}
            variant="contained"
            color="secondary"
            size="large"
            startIcon={<WorkspacePremium />}
          >
            Course complete: your certificate
          </Button>
        )}
        <Button
          component={RouterLink}
          to={`/courses/course/${module.course.id}/modules`}
          variant="outlined"
          size="large"
        >
          Back to {module.course.title}
        </Button>
      </Stack>

      {!module.share_seen && shareUrl && (
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
            Let others know you completed {module.title}. We will only ask this once.
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
            <ShareButtons url={shareUrl} text={completionShareText('I', 'module', module.title)} onShare={dismiss} />
            <Button onClick={dismiss} sx={{ alignSelf: 'flex-start' }}>
              Not now
            </Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}

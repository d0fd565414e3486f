import type { ModuleSummary } from '@bastion/contract';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCourseModules } from '../api/get-course-modules.ts';
import { courseCompletionPath, courseModulesPath, moduleCompletionPath } from '../lib/paths.ts';
import { ContinueLearning } from './continue-learning.tsx';
import { SharePrompt } from './share-prompt.tsx';
import { SuccessActions, SuccessHeading } from '@/components/success-heading.tsx';

interface ModuleCompletePanelProps {
  module: ModuleSummary;
  /** Set when this visit completed the whole course too (before the course's own state is refetched). */
  courseCompletionId: string | null;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The module's success state: its public completion page, the course certificate once the course is
 * complete (from the API's course state, so it survives a reload), what to continue with and, once
 * only, the invitation to share.
 */
export function ModuleCompletePanel({ module, courseCompletionId, headingRef }: ModuleCompletePanelProps) {
  const course = useCourseModules(module.course.id).data;
  const certificateId = courseCompletionId ?? course?.course.completion_id ?? null;
  const completionPath = module.completion_id ? moduleCompletionPath(module.completion_id) : null;

  return (
    <Box
      component="section"
      aria-labelledby="module-complete-title"
      sx={{ textAlign: { xs: 'left', sm: 'center' }, py: { xs: 2, md: 4 } }}
    >
      <SuccessHeading id="module-complete-title" headingRef={headingRef} iconSize={64}>
        Module complete!
      </SuccessHeading>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3, maxWidth: 560, mx: { sm: 'auto' } }}>
        You finished every lesson and quiz in {module.title}. Your completion page shows it to anyone you send it to.
      </Typography>
      <SuccessActions>
        {completionPath && (
          <Button component={RouterLink} to={completionPath} variant="contained" size="large">
            View your completion page
          </Button>
        )}
        {certificateId && (
          <Button
            component={RouterLink}
            to={courseCompletionPath(certificateId)}
            variant="contained"
            color="secondary"
            size="large"
            startIcon={<WorkspacePremium />}
          >
            Course complete: your certificate
          </Button>
        )}
        <Button component={RouterLink} to={courseModulesPath(module.course.id)} variant="outlined" size="large">
          Back to {module.course.title}
        </Button>
      </SuccessActions>
      <ContinueLearning moduleId={module.id} course={course} />
      {!module.share_seen && completionPath && (
        <SharePrompt
          moduleId={module.id}
          title={module.title}
          shareUrl={`${window.location.origin}${completionPath}`}
        />
      )}
    </Box>
  );
}

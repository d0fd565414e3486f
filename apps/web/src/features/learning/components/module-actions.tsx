import type { ModuleSummary } from '@bastion/contract';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useEnrollModule } from '../api/enroll-module.ts';
import { SUBSCRIPTION_PATH } from './course-actions.tsx';

export const moduleLessonsPath = (moduleId: string) => `/courses/module/${moduleId}/lessons`;

/** The next step for a module: unlock, enrol, start/continue, or review with the completion page. */
export function ModuleActions({ module }: { module: ModuleSummary }) {
  const enroll = useEnrollModule();
  const lessonsPath = moduleLessonsPath(module.id);

  if (module.locked) {
    return (
      <Button
        component={RouterLink}
        to={SUBSCRIPTION_PATH}
        variant="outlined"
        color="secondary"
        startIcon={<LockOutlined />}
        aria-label={`Unlock with Premium: ${module.title}`}
      >
        Unlock with Premium
      </Button>
    );
  }
  if (module.completed) {
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={lessonsPath} variant="outlined" aria-label={`Review ${module.title}`}>
          Review
        </Button>
        {module.completion_id && (
          <Button
            component={RouterLink}
            to={`/completion/module/${module.completion_id}`}
            variant="text"
            startIcon={<EmojiEvents />}
            aria-label={`Completion page for ${module.title}`}
          >
            Completion page
          </Button>
        )}
      </Stack>
    );
  }
  if (module.enrolled) {
    const verb = module.progress > 0 ? 'Continue' : 'Start';
    return (
      <Button component={RouterLink} to={lessonsPath} variant="contained" aria-label={`${verb} ${module.title}`}>
        {verb}
      </Button>
    );
  }
  return (
    <Button
      variant="contained"
      onClick={() => enroll.mutate(module.id)}
      disabled={enroll.isPending}
      aria-label={`Enrol in ${module.title}`}
    >
      {enroll.isPending ? 'Enrolling…' : 'Enrol'}
    </Button>
  );
}

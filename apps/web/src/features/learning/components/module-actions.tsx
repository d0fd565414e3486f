import type { ModuleSummary } from '@bastion/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useEnrollModule } from '../api/enroll-module.ts';
import { moduleCompletionPath, moduleLessonsPath } from '../lib/paths.ts';
import { EnrollButton } from './enroll-button.tsx';
import { CompletionPageButton } from '@/components/completion-page-button.tsx';
import { UnlockWithPremiumButton } from '@/components/premium-links.tsx';

/** The next step for a module: unlock, enroll, start/continue, or review with the completion page. */
export function ModuleActions({ module }: { module: ModuleSummary }) {
  const enroll = useEnrollModule();
  const lessonsPath = moduleLessonsPath(module.id);

  if (module.locked) return <UnlockWithPremiumButton title={module.title} />;
  if (module.completed) {
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={lessonsPath} variant="outlined" aria-label={`Review ${module.title}`}>
          Review
        </Button>
        {module.completion_id && (
          <CompletionPageButton to={moduleCompletionPath(module.completion_id)} title={module.title} />
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
  return <EnrollButton title={module.title} pending={enroll.isPending} onEnroll={() => enroll.mutate(module.id)} />;
}

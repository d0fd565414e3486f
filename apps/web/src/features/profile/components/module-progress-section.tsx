import { PAGING, type ModuleProgressItem } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ProgressMeter } from '@/components/progress-meter.tsx';
import { formatRelativeTime } from '@/lib/format-time.ts';
import { useModuleProgress } from '../api/get-module-progress.ts';
import { formatDay } from '../lib/format.ts';
import { PagedView } from './paged-view.tsx';
import { ProfileSection } from './profile-section.tsx';

function ModuleRow({ item }: { item: ModuleProgressItem }) {
  const { module } = item;
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Typography variant="eyebrow" sx={{ color: 'text.secondary' }}>
        {module.course.title}
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        <Link component={RouterLink} to={`/courses/module/${encodeURIComponent(module.id)}/lessons`} color="inherit">
          {module.title}
        </Link>
      </Typography>
      <ProgressMeter value={item.progress} label={`${module.title} progress`} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {item.completed ? (
          <>
            <CheckCircle fontSize="small" aria-hidden sx={{ color: 'success.main' }} />
            <Typography variant="body2" sx={{ color: 'success.main' }}>
              Completed {item.completed_at && formatDay(item.completed_at)}
            </Typography>
            {item.completion_id && (
              <Button
                component={RouterLink}
                to={`/completion/module/${encodeURIComponent(item.completion_id)}`}
                size="small"
                aria-label={`Completion record: ${module.title}`}
              >
                Completion record
              </Button>
            )}
          </>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Last activity {formatRelativeTime(item.last_activity)}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

/** R7: progress through each enrolled module, page 1 and size 10 by default (R9). */
export function ModuleProgressSection() {
  const [page, setPage] = useState<number>(PAGING.defaultPage);
  const progress = useModuleProgress(page, PAGING.defaultPageSize);
  return (
    <ProfileSection title="Module progress">
      <PagedView
        query={progress}
        page={page}
        onPageChange={setPage}
        what="your module progress"
        empty={
          <>
            No modules yet.{' '}
            <Link component={RouterLink} to="/modules">
              Browse the modules
            </Link>{' '}
            and enroll in one.
          </>
        }
      >
        {(items) => (
          <Box component="ul" aria-label="Module progress" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {items.map((item) => (
              <ModuleRow key={item.module.id} item={item} />
            ))}
          </Box>
        )}
      </PagedView>
    </ProfileSection>
  );
}

import type { ModuleSummary } from '@bastion/contract';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatMinutes } from '../lib/format.ts';
import { DifficultyChip, PremiumChip } from '@/components/level-chips.tsx';
import { PointsWorth } from './points-worth.tsx';
import { ProgressMeter } from '@/components/progress-meter.tsx';

export function ModuleLessonsHeader({ module }: { module: ModuleSummary }) {
  return (
    <Box component="header" sx={{ mb: { xs: 3, md: 4 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/courses" color="inherit">
          Courses
        </Link>
        <Link component={RouterLink} to={`/courses/course/${module.course.id}/modules`} color="inherit">
          {module.course.title}
        </Link>
        <Typography aria-current="page" sx={{ color: 'text.primary' }}>
          {module.title}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.875rem', md: '2.5rem' } }}>
        {module.title}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}>
        <DifficultyChip difficulty={module.difficulty} />
        {module.access === 'premium' && <PremiumChip locked={module.locked} />}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatMinutes(module.minutes)} · <PointsWorth points={module.points} bonus={module.completion_bonus} />
        </Typography>
      </Stack>
      {module.enrolled && (
        <Box sx={{ maxWidth: 480, mt: 2 }}>
          <ProgressMeter value={module.progress} label={`${module.title} progress`} />
        </Box>
      )}
    </Box>
  );
}

import type { ModuleSummary } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatMinutes } from '../lib/format.ts';
import { CardImage } from './card-image.tsx';
import { DifficultyChip, PremiumChip } from './learning-chips.tsx';
import { ModuleActions, moduleLessonsPath } from './module-actions.tsx';
import { ProgressMeter } from '../../../components/progress-meter.tsx';
import { plural } from '../../../lib/plural.ts';

interface ModuleCardProps {
  module: ModuleSummary;
  /** Show the course's name above the title (the /modules list mixes courses). */
  showCourse?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export function ModuleCard({ module, showCourse = false, headingLevel = 'h2' }: ModuleCardProps) {
  const titleId = `module-${module.id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardImage path={module.image} height={120} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        {showCourse ? (
          <Typography variant="eyebrow" sx={{ color: 'text.secondary' }}>
            {module.course.title}
          </Typography>
        ) : (
          <Typography variant="eyebrow" sx={{ color: 'text.secondary' }}>
            Module {module.order}
          </Typography>
        )}
        <Typography id={titleId} variant="h6" component={headingLevel}>
          {module.locked ? (
            module.title
          ) : (
            <Link component={RouterLink} to={moduleLessonsPath(module.id)} color="inherit">
              {module.title}
            </Link>
          )}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <DifficultyChip difficulty={module.difficulty} />
          {module.access === 'premium' && <PremiumChip locked={module.locked} />}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {module.summary}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {plural(module.lessons_count, 'lesson')} · {plural(module.quizzes_count, 'quiz', 'quizzes')} ·{' '}
          {formatMinutes(module.minutes)} · {module.points} pts
        </Typography>
        {module.completed ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
            <CheckCircle fontSize="small" aria-hidden />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Completed
            </Typography>
          </Box>
        ) : (
          module.enrolled && <ProgressMeter value={module.progress} label={`${module.title} progress`} />
        )}
        <ModuleActions module={module} />
      </CardContent>
    </Card>
  );
}

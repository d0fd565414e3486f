import type { ModuleSummary } from '@bastion/contract';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatMinutes } from '../lib/format.ts';
import { CardImage } from './card-image.tsx';
import { CardText } from './card-text.tsx';
import { LearnerStatus } from './learner-status.tsx';
import { ModuleActions } from './module-actions.tsx';
import { PointsWorth } from './points-worth.tsx';
import { moduleLessonsPath } from '../lib/paths.ts';
import { LevelChips } from '@/components/level-chips.tsx';
import { plural } from '@/lib/plural.ts';

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
        <LevelChips difficulty={module.difficulty} premium={module.access === 'premium'} locked={module.locked} />
        <CardText summary={module.summary}>
          {plural(module.lessons_count, 'lesson')} · {plural(module.quizzes_count, 'quiz', 'quizzes')} ·{' '}
          {formatMinutes(module.minutes)} · <PointsWorth points={module.points} bonus={module.completion_bonus} />
        </CardText>
        <LearnerStatus of={module} />
        <ModuleActions module={module} />
      </CardContent>
    </Card>
  );
}

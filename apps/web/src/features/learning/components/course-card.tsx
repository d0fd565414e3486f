import type { CourseSummary } from '@bastion/contract';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatMinutes } from '../lib/format.ts';
import { CardImage } from './card-image.tsx';
import { CourseActions } from './course-actions.tsx';
import { PointsWorth } from './points-worth.tsx';
import { courseModulesPath } from '../lib/paths.ts';
import { CardText } from './card-text.tsx';
import { LearnerStatus } from './learner-status.tsx';
import { LevelChips } from '@/components/level-chips.tsx';
import { plural } from '@/lib/plural.ts';

/** One course on /courses: picture, title, summary, difficulty, size, progress and the next step. */
export function CourseCard({ course, headingLevel = 'h2' }: { course: CourseSummary; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Card
      component="article"
      aria-labelledby={`course-${course.id}-title`}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardImage path={course.image} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <LevelChips difficulty={course.difficulty} premium={course.access === 'premium'} locked={course.locked} />
        <Typography id={`course-${course.id}-title`} variant="h5" component={headingLevel}>
          <Link component={RouterLink} to={courseModulesPath(course.id)} color="inherit">
            {course.title}
          </Link>
        </Typography>
        <CardText summary={course.summary}>
          {plural(course.modules_count, 'module')} · {formatMinutes(course.minutes)} ·{' '}
          <PointsWorth points={course.points} bonus={course.completion_bonus} />
        </CardText>
        <LearnerStatus of={course} />
        <CourseActions course={course} />
      </CardContent>
    </Card>
  );
}

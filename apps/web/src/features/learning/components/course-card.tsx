import type { CourseSummary } from '@bastion/contract';
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
import { CourseActions } from './course-actions.tsx';
import { DifficultyChip, PremiumChip } from './learning-chips.tsx';
import { ProgressMeter } from '../../../components/progress-meter.tsx';
import { plural } from '../../../lib/plural.ts';

export const courseModulesPath = (courseId: string) => `/courses/course/${courseId}/modules`;

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
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <DifficultyChip difficulty={course.difficulty} />
          {course.access === 'premium' && <PremiumChip locked={course.locked} />}
        </Stack>
        <Typography id={`course-${course.id}-title`} variant="h5" component={headingLevel}>
          <Link component={RouterLink} to={courseModulesPath(course.id)} color="inherit">
            {course.title}
          </Link>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {course.summary}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {plural(course.modules_count, 'module')} · {formatMinutes(course.minutes)}
        </Typography>
        {course.completed ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
            <CheckCircle fontSize="small" aria-hidden />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Completed
            </Typography>
          </Box>
        ) : (
          course.enrolled && <ProgressMeter value={course.progress} label={`${course.title} progress`} />
        )}
        <CourseActions course={course} />
      </CardContent>
    </Card>
  );
}

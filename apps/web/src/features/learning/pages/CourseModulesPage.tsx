import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { isMissing } from '@/lib/api-errors.ts';
import { useCourseModules } from '../api/get-course-modules.ts';
import { cardGridSx } from '@/components/card-grid.ts';
import { CardImage } from '../components/card-image.tsx';
import { CourseActions } from '../components/course-actions.tsx';
import { PointsWorth } from '../components/points-worth.tsx';
import { LevelChips } from '@/components/level-chips.tsx';
import { ModuleCard } from '../components/module-card.tsx';
import { pageContainerSx } from '@/components/page-header.tsx';
import { ProgressMeter } from '@/components/progress-meter.tsx';
import { EmptyState, LoadError, LoadingBlock, NotFoundState } from '@/components/query-states.tsx';
import { formatMinutes } from '../lib/format.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { plural } from '@/lib/plural.ts';
import { InlineMarkdown } from '@/components/inline-markdown.tsx';
import { CoursePrerequisites } from '../components/course-prerequisites.tsx';

/** Authored text wraps lines inside a paragraph; blank lines separate paragraphs. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The header's art: above the text on phones; beside it from md, as tall as the text column. */
const HEADER_ART_HEIGHT = { xs: 220, md: '100%' };

/** R2 /courses/course/{courseId}/modules: the course, its progress, and its modules in order. */
export function CourseModulesPage() {
  const { courseId = '' } = useParams();
  const query = useCourseModules(courseId);
  usePageTitle(query.data?.course.title ?? 'Course');

  if (query.isPending) {
    return (
      <Container maxWidth="lg" sx={pageContainerSx}>
        <LoadingBlock label="Loading the course…" />
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container maxWidth="lg" sx={pageContainerSx}>
        {isMissing(query.error) ? (
          <NotFoundState what="Course" backTo="/courses" backLabel="All courses" />
        ) : (
          <LoadError title="Could not load this course." error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Container>
    );
  }

  const { course, modules } = query.data;
  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/courses" color="inherit">
          Courses
        </Link>
        <Typography aria-current="page" sx={{ color: 'text.primary' }}>
          {course.title}
        </Typography>
      </Breadcrumbs>
      <Paper
        variant="outlined"
        component="header"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '320px 1fr' },
          overflow: 'hidden',
          borderRadius: 3.5,
          mb: 5,
        }}
      >
        <CardImage path={course.image} height={HEADER_ART_HEIGHT} />
        <Stack spacing={2} sx={{ p: { xs: 2.5, md: 4 } }}>
          <LevelChips difficulty={course.difficulty} premium={course.access === 'premium'} locked={course.locked} />
          <Typography variant="h1" sx={{ fontSize: { xs: '1.875rem', md: '2.5rem' } }}>
            {course.title}
          </Typography>
          <Box sx={{ color: 'text.secondary', '& p': { m: 0 }, '& p + p': { mt: 1.5 } }}>
            {paragraphs(course.description || course.summary).map((text, index) => (
              <Typography key={index}>
                <InlineMarkdown>{text}</InlineMarkdown>
              </Typography>
            ))}
          </Box>
          <CoursePrerequisites course={course} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {plural(course.modules_count, 'module')} ·{' '}
            {plural(course.items_count, 'lesson and quiz', 'lessons and quizzes')} · {formatMinutes(course.minutes)} ·{' '}
            <PointsWorth points={course.points} bonus={course.completion_bonus} />
          </Typography>
          {course.enrolled && !course.locked && (
            <Box sx={{ maxWidth: 420 }}>
              <ProgressMeter value={course.progress} label={`${course.title} progress`} />
            </Box>
          )}
          <Box>
            <CourseActions course={course} showContinue={false} />
          </Box>
        </Stack>
      </Paper>

      <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
        Modules
      </Typography>
      {modules.length === 0 ? (
        <EmptyState title="No modules yet">This course has no modules yet.</EmptyState>
      ) : (
        <Box sx={cardGridSx}>
          {modules.map((module) => (
            <ModuleCard key={module.id} module={module} headingLevel="h3" />
          ))}
        </Box>
      )}
    </Container>
  );
}

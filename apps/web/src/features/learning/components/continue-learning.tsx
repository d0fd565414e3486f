import type { CourseModules } from '@bastion/contract';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { coursesQueryOptions } from '../api/get-courses.ts';
import { courseModulesPath, moduleLessonsPath } from '../lib/paths.ts';
import { nextOpen } from '../lib/next-step.ts';

interface ContinueLearningProps {
  moduleId: string;
  /** The module's course with its modules, once loaded. */
  course: CourseModules | undefined;
}

/** After a completion, where to go on: the course's next open module, else the next open course. */
export function ContinueLearning({ moduleId, course }: ContinueLearningProps) {
  const nextModule = course ? nextOpen(course.modules, moduleId) : null;
  const courses = useQuery({ ...coursesQueryOptions(), enabled: Boolean(course) && !nextModule });
  const nextCourse = course && !nextModule && courses.data ? nextOpen(courses.data, course.course.id) : null;

  const next = nextModule
    ? { lead: `Next in ${course!.course.title}`, title: nextModule.title, to: moduleLessonsPath(nextModule.id) }
    : nextCourse
      ? { lead: 'Your next course', title: nextCourse.title, to: courseModulesPath(nextCourse.id) }
      : null;
  if (!next) return null;

  return (
    <Paper
      variant="outlined"
      component="nav"
      aria-labelledby="continue-learning-title"
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, textAlign: 'left', borderRadius: 3 }}
    >
      <Typography id="continue-learning-title" variant="h6" component="h3">
        Continue learning
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {next.lead}:
      </Typography>
      <Button component={RouterLink} to={next.to} variant="contained" endIcon={<ArrowForward />}>
        {next.title}
      </Button>
    </Paper>
  );
}

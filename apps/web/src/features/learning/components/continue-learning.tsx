import type { CourseModules } from '@bastion/contract';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { coursesQueryOptions } from '../api/get-courses.ts';
import { courseModulesPath, moduleLessonsPath } from '../lib/paths.ts';
import { nextOpen } from '../lib/next-step.ts';
import { FollowUpCard } from './follow-up-card.tsx';

interface ContinueLearningProps {
  moduleId: string;
  /** The module's course with its modules, once loaded. */
  course: CourseModules | undefined;
}

// Decision 0098: next is the course's next open module (wrapping), else the next open course; never a locked item.
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
    <FollowUpCard component="nav" id="continue-learning-title" title="Continue learning" lead={`${next.lead}:`}>
      <Button component={RouterLink} to={next.to} variant="contained" endIcon={<ArrowForward />}>
        {next.title}
      </Button>
    </FollowUpCard>
  );
}

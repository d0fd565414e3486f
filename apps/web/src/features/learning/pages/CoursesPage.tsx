import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useCourses } from '../api/get-courses.ts';
import { cardGridSx } from '@/components/card-grid.ts';
import { CourseCard } from '../components/course-card.tsx';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { EmptyState, LoadError, LoadingCards } from '@/components/query-states.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

/** R2 /courses: every course with its progress and next step. */
export function CoursesPage() {
  usePageTitle('Courses');
  const courses = useCourses();

  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <PageHeader eyebrow="Learn" title="Courses">
        Structured paths from the shell to cryptography. Enroll in a course to join all of its modules at once.
      </PageHeader>
      {courses.isPending ? (
        <LoadingCards label="Loading courses…" />
      ) : courses.isError ? (
        <LoadError title="Could not load the courses." error={courses.error} onRetry={() => void courses.refetch()} />
      ) : courses.data.length === 0 ? (
        <EmptyState title="No courses yet">New courses are on their way. Check back soon.</EmptyState>
      ) : (
        <Box component="section" aria-label="Courses" sx={cardGridSx}>
          {courses.data.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </Box>
      )}
    </Container>
  );
}

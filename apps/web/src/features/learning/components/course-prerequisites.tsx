import type { CourseSummary } from '@bastion/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { InlineMarkdown } from '@/components/inline-markdown.tsx';
import { courseModulesPath } from '../lib/paths.ts';

/** "You will need": the courses to take first, each linked, with the skills this course uses from it. */
export function CoursePrerequisites({ course }: { course: CourseSummary }) {
  const titleId = useId();
  if (course.prerequisites.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        You will need
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'text.secondary', '& li + li': { mt: 0.5 } }}>
        {course.prerequisites.map((needed) => (
          <li key={needed.id}>
            <Link component={RouterLink} to={courseModulesPath(needed.id)} sx={{ fontWeight: 600 }}>
              {needed.title}
            </Link>
            : <InlineMarkdown>{needed.skills}</InlineMarkdown>
          </li>
        ))}
      </Box>
    </Box>
  );
}

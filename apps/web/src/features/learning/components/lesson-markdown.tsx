import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ComponentPropsWithoutRef, ElementType } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { markdownBlocks } from '../../../components/markdown-blocks.tsx';

/** Headings start one level down: the page's own title is the h1, the item's title the h2. */
function heading(level: number) {
  const Tag = `h${Math.min(level + 1, 6)}` as ElementType;
  return function ShiftedHeading({ children }: ComponentPropsWithoutRef<'h1'>) {
    return <Tag>{children}</Tag>;
  };
}

const components: Components = {
  ...markdownBlocks,
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
};

/**
 * Lesson Markdown, rendered safely: no raw HTML (tags show as text), GitHub tables/task lists/strike-through,
 * links that leave the app open in a new tab without access to it, images through the media host.
 */
export function LessonMarkdown({ children }: { children: string }) {
  return (
    <Box
      className="lesson-markdown"
      sx={(theme) => ({
        fontSize: '1rem',
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& h2, & h3, & h4, & h5, & h6': { lineHeight: 1.3, mt: 4, mb: 1.5, fontWeight: 700 },
        '& h2': { fontSize: '1.375rem' },
        '& h3': { fontSize: '1.175rem' },
        '& h4, & h5, & h6': { fontSize: '1.0625rem' },
        '& p, & ul, & ol, & blockquote, & pre, & .table-scroll': { mt: 0, mb: 2 },
        '& li + li': { mt: 0.5 },
        '& code': {
          ...theme.typography.mono,
          fontSize: '0.875em',
          px: 0.6,
          py: 0.2,
          borderRadius: 1,
          bgcolor: 'raised',
        },
        '& pre': {
          ...theme.typography.mono,
          p: 2,
          borderRadius: 2,
          overflowX: 'auto',
          bgcolor: theme.palette.terminal.background,
          color: theme.palette.terminal.text,
          border: `1px solid ${theme.palette.terminal.border}`,
          '& code': { p: 0, bgcolor: 'transparent', color: 'inherit', fontSize: '0.875rem' },
        },
        '& blockquote': {
          mx: 0,
          pl: 2,
          borderLeft: `4px solid ${theme.palette.primary.main}`,
          color: 'text.secondary',
        },
        '& .table-scroll': { overflowX: 'auto' },
        '& table': { borderCollapse: 'collapse', minWidth: '100%', fontSize: '0.9375rem' },
        '& th, & td': {
          border: `1px solid ${theme.palette.divider}`,
          px: 1.5,
          py: 1,
          textAlign: 'left',
          verticalAlign: 'top',
        },
        '& th': { bgcolor: alpha(theme.palette.primary.main, 0.08), fontWeight: 700 },
        '& hr': { border: 0, borderTop: `1px solid ${theme.palette.divider}`, my: 3 },
      })}
    >
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {children}
      </Markdown>
    </Box>
  );
}

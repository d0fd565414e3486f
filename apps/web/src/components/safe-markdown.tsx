import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ComponentPropsWithoutRef, ElementType } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { markdownBlocks } from './markdown-blocks.tsx';

/** The app's Markdown pieces with each heading level `# … ######` rendered at `levelOf(level)` (at most h6). */
export function markdownComponents(levelOf: (level: number) => number): Components {
  const heading = (level: number) => {
    const Tag = `h${Math.min(levelOf(level), 6)}` as ElementType;
    return function ShiftedHeading({ children }: ComponentPropsWithoutRef<'h1'>) {
      return <Tag>{children}</Tag>;
    };
  };
  return {
    ...markdownBlocks,
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
  };
}

/** Code, terminal blocks, quotes and tables, styled alike wherever Markdown is shown. */
const bodySx = (theme: Theme) => ({
  lineHeight: 1.7,
  overflowWrap: 'anywhere',
  '& > :first-of-type': { mt: 0 },
  '& p, & ul, & ol, & blockquote, & pre, & .table-scroll': { mt: 0, mb: 2 },
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
  '& table': { borderCollapse: 'collapse', minWidth: '100%' },
  '& th, & td': { border: `1px solid ${theme.palette.divider}`, px: 1.5, py: 1, textAlign: 'left' },
});

interface SafeMarkdownProps {
  children: string;
  /** From markdownComponents, built once per heading scheme. */
  components: Components;
  /** What this view adds to or overrides in the shared look. */
  sx?: SxProps<Theme>;
  className?: string;
}

/**
 * Markdown rendered safely: no raw HTML (tags show as text), GitHub tables, task lists and
 * strike-through, links that leave the app open in a new tab without access to it, images through the
 * media host.
 */
export function SafeMarkdown({ children, components, sx, className }: SafeMarkdownProps) {
  return (
    <Box className={className} sx={[bodySx, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {children}
      </Markdown>
    </Box>
  );
}

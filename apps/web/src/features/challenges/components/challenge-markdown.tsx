import Box from '@mui/material/Box';
import type { ComponentPropsWithoutRef, ElementType } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { markdownBlocks } from '../../../components/markdown-blocks.tsx';

/** The Markdown's top headings (`#` and `##`) become `topLevel`; deeper ones follow below it, up to h6. */
function componentsFor(topLevel: number): Components {
  const heading = (level: number) => {
    const Tag = `h${Math.min(topLevel + Math.max(level - 2, 0), 6)}` as ElementType;
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

const BY_LEVEL = { 3: componentsFor(3), 4: componentsFor(4) } as const;

interface ChallengeMarkdownProps {
  children: string;
  /** The level of the Markdown's top headings, below the page's own (h3 in the story, h4 in a step). */
  topLevel?: 3 | 4;
}

/**
 * Story, question and hint Markdown, rendered the way lessons are: no raw HTML (tags show as text),
 * GitHub tables and lists, links that leave the app open in a new tab without access to it, images
 * through the media host.
 */
export function ChallengeMarkdown({ children, topLevel = 3 }: ChallengeMarkdownProps) {
  return (
    <Box
      sx={(theme) => ({
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& h2, & h3, & h4, & h5, & h6': { lineHeight: 1.3, mt: 3, mb: 1.5, fontWeight: 700, fontSize: '1.125rem' },
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
      })}
    >
      <Markdown remarkPlugins={[remarkGfm]} components={BY_LEVEL[topLevel]}>
        {children}
      </Markdown>
    </Box>
  );
}

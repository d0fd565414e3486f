import { alpha } from '@mui/material/styles';
import { markdownComponents, SafeMarkdown } from '@/components/safe-markdown.tsx';

/** Headings start one level down: the page's own title is the h1, the item's title the h2. */
const components = markdownComponents((level) => level + 1);

/** Lesson Markdown: larger headings, spaced list items, highlighted table headers and rules. */
export function LessonMarkdown({ children }: { children: string }) {
  return (
    <SafeMarkdown
      className="lesson-markdown"
      components={components}
      sx={(theme) => ({
        fontSize: '1rem',
        '& h2, & h3, & h4, & h5, & h6': { lineHeight: 1.3, mt: 4, mb: 1.5, fontWeight: 700 },
        '& h2': { fontSize: '1.375rem' },
        '& h3': { fontSize: '1.175rem' },
        '& h4, & h5, & h6': { fontSize: '1.0625rem' },
        '& li + li': { mt: 0.5 },
        '& table': { fontSize: '0.9375rem' },
        '& th, & td': { verticalAlign: 'top' },
        '& th': { bgcolor: alpha(theme.palette.primary.main, 0.08), fontWeight: 700 },
        '& hr': { border: 0, borderTop: `1px solid ${theme.palette.divider}`, my: 3 },
      })}
    >
      {children}
    </SafeMarkdown>
  );
}

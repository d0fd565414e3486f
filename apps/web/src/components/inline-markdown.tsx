import Box from '@mui/material/Box';
import Markdown, { type Components } from 'react-markdown';
import { MarkdownLink } from './markdown-blocks.tsx';

/** What a one-paragraph description may use: code, emphasis, strike-through and links. */
const INLINE = ['p', 'code', 'strong', 'em', 'a'];

const components: Components = {
  // The caller's Typography is the paragraph.
  p: ({ children }) => <>{children}</>,
  a: MarkdownLink,
  code: ({ children }) => (
    <Box
      component="code"
      sx={{ typography: 'mono', fontSize: '0.875em', px: 0.5, py: 0.1, borderRadius: 1, bgcolor: 'raised' }}
    >
      {children}
    </Box>
  ),
};

/**
 * A description, summary or blurb as its author wrote it, with its inline Markdown rendered (`ladderN` as code,
 * **bold** as bold) instead of shown as backticks and stars. Anything else (headings, lists, raw HTML) shows
 * as its text: a description sits inside a card's or a header's own paragraph.
 */
export function InlineMarkdown({ children }: { children: string }) {
  return (
    <Markdown allowedElements={INLINE} unwrapDisallowed components={components}>
      {children}
    </Markdown>
  );
}

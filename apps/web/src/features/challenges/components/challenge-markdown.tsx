import { markdownComponents, SafeMarkdown } from '@/components/safe-markdown.tsx';

/** The Markdown's top headings (`#` and `##`) become `topLevel`; deeper ones follow below it. */
const BY_LEVEL = {
  3: markdownComponents((level) => 3 + Math.max(level - 2, 0)),
  4: markdownComponents((level) => 4 + Math.max(level - 2, 0)),
} as const;

interface ChallengeMarkdownProps {
  children: string;
  /** The level of the Markdown's top headings, below the page's own (h3 in the story, h4 in a step). */
  topLevel?: 3 | 4;
}

/** Story, question and hint Markdown, rendered the way lessons are. */
export function ChallengeMarkdown({ children, topLevel = 3 }: ChallengeMarkdownProps) {
  return (
    <SafeMarkdown
      components={BY_LEVEL[topLevel]}
      sx={{
        '& > :last-child': { mb: 0 },
        '& h2, & h3, & h4, & h5, & h6': { lineHeight: 1.3, mt: 3, mb: 1.5, fontWeight: 700, fontSize: '1.125rem' },
      }}
    >
      {children}
    </SafeMarkdown>
  );
}

import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { InlineMarkdown } from '@/components/inline-markdown.tsx';

/** A card's summary, growing to align the cards of a row, then its facts line (size, time, points). */
export function CardText({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
        <InlineMarkdown>{summary}</InlineMarkdown>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {children}
      </Typography>
    </>
  );
}

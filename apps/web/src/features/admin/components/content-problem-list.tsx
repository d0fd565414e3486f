import type { ContentProblem } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { plural } from '@/lib/plural.ts';

/** How many entries show before "Show all". */
const FIRST = 10;

interface ContentProblemListProps {
  /** "problem" or "warning": the list's name and its count. */
  noun: 'problem' | 'warning';
  items: ContentProblem[];
  /** How many there were; the server lists the first ones only. */
  total: number;
}

/** A folder's problems or warnings as `file:line` and message, the first ten until asked for all. */
export function ContentProblemList({ noun, items, total }: ContentProblemListProps) {
  const [all, setAll] = useState(false);
  const listId = useId();
  if (total === 0) return null;
  const shown = all ? items : items.slice(0, FIRST);
  const heading = plural(total, noun);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ color: noun === 'problem' ? 'error.main' : 'text.primary' }}>
        {heading[0]!.toUpperCase() + heading.slice(1)}
      </Typography>
      <Box component="ul" id={listId} aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)}s`} sx={listSx}>
        {shown.map((item, index) => (
          <li key={`${item.file}:${item.line}:${index}`}>
            {/* The place on a line of its own, as an editor would open it; what is wrong under it. */}
            <Box component="code" sx={{ display: 'block', fontSize: '0.85em', overflowWrap: 'anywhere' }}>
              {item.file}:{item.line}
            </Box>
            {item.message}
          </li>
        ))}
      </Box>
      {items.length > FIRST && (
        <Button size="small" aria-controls={listId} aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST}` : `Show all ${items.length}`}
        </Button>
      )}
      {total > items.length && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The first {items.length} of {total} are listed; <code>npm run cli -- content validate</code> on the server
          lists them all.
        </Typography>
      )}
    </Box>
  );
}

const listSx = {
  m: 0,
  mt: 0.5,
  pl: 2.5,
  display: 'grid',
  gap: 1,
  '& li': { overflowWrap: 'anywhere' },
} as const;

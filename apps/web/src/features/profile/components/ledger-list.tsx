import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format-time.ts';
import { formatDay, signedPoints } from '../lib/format.ts';

export interface LedgerEntry {
  key: string;
  /** What earned (or cost) the points. */
  label: ReactNode;
  points: number;
  /** When, as an ISO date-time. */
  at: string;
}

/** Points in and out, one row each: what, when (the day, the full time on hover) and the signed points. */
export function LedgerList({ label, entries }: { label: string; entries: LedgerEntry[] }) {
  return (
    <Paper variant="outlined">
      <List aria-label={label} disablePadding>
        {entries.map((entry, index) => (
          <ListItem
            key={entry.key}
            divider={index < entries.length - 1}
            secondaryAction={
              <Typography sx={{ fontWeight: 700, color: entry.points >= 0 ? 'success.main' : 'error.main' }}>
                {signedPoints(entry.points)}
              </Typography>
            }
          >
            <ListItemText
              primary={entry.label}
              secondary={
                <time dateTime={entry.at} title={formatDateTime(entry.at) ?? undefined}>
                  {formatDay(entry.at)}
                </time>
              }
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

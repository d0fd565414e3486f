import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The monospace caption at the left of a terminal's title bar (the recording's and the lab's). */
export function TerminalTitle({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="span"
      sx={(theme) => ({
        ...theme.typography.mono,
        fontSize: '0.8125rem',
        color: theme.palette.terminal.muted,
        flexGrow: 1,
        overflowWrap: 'anywhere',
      })}
    >
      {children}
    </Typography>
  );
}

import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface TerminalLine {
  command?: string;
  output?: string;
}

interface TerminalWindowProps {
  title: string;
  prompt?: string;
  lines: TerminalLine[];
  children?: ReactNode;
}

/** A static, terminal-style transcript in the system monospace face. */
export function TerminalWindow({ title, prompt = 'learner@bastion:~$', lines, children }: TerminalWindowProps) {
  return (
    <Box
      role="figure"
      aria-label={title}
      sx={(theme) => ({
        bgcolor: theme.palette.terminal.background,
        color: theme.palette.terminal.text,
        border: `1px solid ${theme.palette.terminal.border}`,
        borderRadius: 3,
        overflow: 'hidden',
        boxShadow: theme.palette.mode === 'dark' ? '0 24px 60px rgba(0,0,0,0.45)' : '0 24px 50px rgba(15,23,42,0.18)',
      })}
    >
      <Box
        sx={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.25,
          borderBottom: `1px solid ${theme.palette.terminal.border}`,
        })}
      >
        {['#f87171', '#fbbf24', '#4ade80'].map((color) => (
          <Box
            key={color}
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, opacity: 0.85 }}
          />
        ))}
        <Box
          component="span"
          sx={(theme) => ({
            ...theme.typography.mono,
            fontSize: '0.75rem',
            color: theme.palette.terminal.muted,
            ml: 1,
          })}
        >
          {title}
        </Box>
      </Box>
      <Box
        component="pre"
        // Scrollable sideways on narrow screens, so it must be reachable with the keyboard.
        tabIndex={0}
        sx={(theme) => ({
          ...theme.typography.mono,
          m: 0,
          p: { xs: 2, sm: 2.5 },
          fontSize: { xs: '0.75rem', sm: '0.8125rem' },
          overflowX: 'auto',
          whiteSpace: 'pre',
        })}
      >
        {lines.map((line, index) => (
          <Box component="span" key={index} sx={{ display: 'block' }}>
            {line.command !== undefined && (
              <>
                <Box component="span" sx={(theme) => ({ color: theme.palette.terminal.prompt })}>
                  {prompt}
                </Box>{' '}
                {line.command}
              </>
            )}
            {line.output && (
              <Box component="span" sx={(theme) => ({ display: 'block', color: theme.palette.terminal.muted })}>
                {line.output}
              </Box>
            )}
          </Box>
        ))}
        {children}
      </Box>
    </Box>
  );
}

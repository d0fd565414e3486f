import Replay from '@mui/icons-material/Replay';
import SkipNext from '@mui/icons-material/SkipNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TerminalContent } from '@bastion/contract';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { recordingPrompts } from '@/features/learning/lib/recording-prompt.ts';
import {
  initialTerminalState,
  terminalReducer,
  tickDelay,
  type Recording,
  type TerminalViewState,
} from './terminal-state.ts';
import { TerminalTitle } from '@/components/lab/terminal-title.tsx';
import { prefersReducedMotion } from '@/lib/prefers-reduced-motion.ts';

/** The transcript's box: its copy that holds the space during a replay has the same. */
const logBox = {
  p: { xs: 1.5, sm: 2 },
  maxHeight: { xs: 280, md: 340 },
  minHeight: 120,
  overflow: 'hidden',
  fontSize: { xs: '0.8125rem', sm: '0.875rem' },
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

function TranscriptLine({ line }: { line: TerminalViewState['lines'][number] }) {
  return (
    <Box
      sx={(theme) => ({
        minHeight: '1.6em',
        color: line.kind === 'info' ? theme.palette.terminal.muted : undefined,
        fontStyle: line.kind === 'info' ? 'italic' : undefined,
      })}
    >
      {line.kind === 'input' && (
        <Box component="span" sx={(theme) => ({ color: theme.palette.terminal.prompt })}>
          {line.prompt}{' '}
        </Box>
      )}
      {line.text}
    </Box>
  );
}

interface TerminalScreenProps {
  session: TerminalContent;
  titleId?: string;
  /** A solved quiz's recording is shown at once: the learner has seen it typed out before. */
  solved?: boolean;
}

/**
 * The quiz's recorded session, typed out command by command (skippable; shown at once when the learner asks
 * for reduced motion, or has solved the quiz). A `role="log"` transcript keeps it readable with a screen reader
 * and browser zoom.
 */
export function TerminalScreen({ session, titleId, solved = false }: TerminalScreenProps) {
  const recording: Recording = useMemo(
    () => ({ prompts: recordingPrompts(session), entries: session.entries }),
    [session],
  );
  const [view, dispatch] = useReducer(terminalReducer, recording, (r) =>
    initialTerminalState(r, !solved && !prefersReducedMotion()),
  );
  const finalLines = useMemo(() => initialTerminalState(recording, false).lines, [recording]);
  const logRef = useRef<HTMLDivElement>(null);
  const playing = view.playing;

  useEffect(() => {
    const delay = tickDelay(view, recording);
    if (delay === null) return;
    const timer = setTimeout(() => dispatch({ type: 'tick', recording }), delay);
    return () => clearTimeout(timer);
  }, [view, recording]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [view.lines, playing?.chars]);

  const skip = () => {
    dispatch({ type: 'skip', recording });
    // The Skip button disappears: focus moves to the transcript rather than being lost.
    requestAnimationFrame(() => logRef.current?.focus());
  };
  const replay = () => dispatch({ type: 'restart', recording, animate: !prefersReducedMotion() });

  const typing = playing ? (recording.entries[playing.entry]?.command ?? '').slice(0, playing.chars) : null;

  return (
    <Box
      sx={(theme) => ({
        bgcolor: theme.palette.terminal.background,
        color: theme.palette.terminal.text,
        border: `1px solid ${theme.palette.terminal.border}`,
        borderRadius: 3,
        overflow: 'hidden',
        ...theme.typography.mono,
      })}
    >
      <Box
        sx={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 0.75,
          minHeight: 44,
          borderBottom: `1px solid ${theme.palette.terminal.border}`,
        })}
      >
        <TerminalTitle>
          Recorded session · {session.user}@{session.hostname}
          {playing ? ' · replaying' : ''}
        </TerminalTitle>
        {playing ? (
          <Button
            size="small"
            onClick={skip}
            startIcon={<SkipNext />}
            sx={(theme) => ({ color: theme.palette.terminal.prompt })}
          >
            Skip replay
          </Button>
        ) : (
          session.entries.length > 0 && (
            <Button
              size="small"
              onClick={replay}
              startIcon={<Replay />}
              sx={(theme) => ({ color: theme.palette.terminal.prompt })}
            >
              Replay
            </Button>
          )
        )}
      </Box>
      {/* While the replay types, an unseen copy of the whole transcript holds the box at its final height: the lab
          below it stays where the page scrolled it when it started. */}
      <Box sx={{ display: 'grid' }}>
        {playing && (
          <Box aria-hidden sx={{ ...logBox, gridArea: '1 / 1', visibility: 'hidden' }}>
            {finalLines.map((line) => (
              <TranscriptLine key={line.id} line={line} />
            ))}
          </Box>
        )}
        <Box
          ref={logRef}
          role="log"
          aria-live="polite"
          aria-busy={Boolean(playing)}
          aria-labelledby={titleId}
          tabIndex={0}
          sx={{ ...logBox, gridArea: '1 / 1', overflowY: 'auto' }}
        >
          {view.lines.map((line) => (
            <TranscriptLine key={line.id} line={line} />
          ))}
          {typing !== null && (
            <Box aria-hidden>
              <Box component="span" sx={(theme) => ({ color: theme.palette.terminal.prompt })}>
                {recording.prompts[playing?.entry ?? 0]}{' '}
              </Box>
              {typing}
              <span>▋</span>
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}

import Replay from '@mui/icons-material/Replay';
import SkipNext from '@mui/icons-material/SkipNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { createShell, type ShellState, type TerminalSession } from '../../lib/terminal/shell.ts';
import { initialTerminalState, terminalReducer, tickDelay, type Recording } from './terminal-state.ts';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The quiz terminal: first the recorded session is typed out (skippable; shown at once when the learner
 * asks for reduced motion), then the learner types commands against the read-only file tree.
 * A native text field and a `role="log"` transcript keep it usable with a screen reader, a phone
 * keyboard and browser zoom.
 */
export function TerminalScreen({ session, titleId }: { session: TerminalSession; titleId?: string }) {
  const shell = useMemo(() => createShell(session), [session]);
  const recording: Recording = useMemo(
    () => ({ prompt: shell.prompt(shell.initialState), entries: session.entries }),
    [shell, session.entries],
  );
  const [view, dispatch] = useReducer(terminalReducer, recording, (r) =>
    initialTerminalState(r, !prefersReducedMotion()),
  );
  const [shellState, setShellState] = useState<ShellState>(shell.initialState);
  const [input, setInput] = useState('');
  const [history, setHistory] = useState<string[]>([]);
  const [historyIndex, setHistoryIndex] = useState<number | null>(null);
  const inputId = useId();
  const helpId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
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

  const prompt = shell.prompt(shellState);

  const skip = () => {
    dispatch({ type: 'skip', recording });
    // The Skip button disappears: focus moves on to the command line rather than being lost.
    requestAnimationFrame(() => inputRef.current?.focus());
  };
  const replay = () => {
    setShellState(shell.initialState);
    dispatch({ type: 'restart', recording, animate: !prefersReducedMotion() });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const command = input;
    const result = shell.run(shellState, command);
    dispatch({ type: 'ran', prompt, command, result });
    setShellState(result.state);
    if (command.trim() && history[history.length - 1] !== command) setHistory([...history, command]);
    setHistoryIndex(null);
    setInput('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      if (history.length === 0) return;
      event.preventDefault();
      const up = event.key === 'ArrowUp';
      const current = historyIndex ?? history.length;
      const next = Math.max(0, Math.min(history.length, current + (up ? -1 : 1)));
      setHistoryIndex(next === history.length ? null : next);
      setInput(next === history.length ? '' : (history[next] ?? ''));
    } else if (event.key === 'Tab' && !event.shiftKey && input.trim() !== '') {
      // Tab completes only on a non-empty line, so Tab on an empty line still leaves the terminal.
      event.preventDefault();
      const completion = shell.complete(shellState, input);
      setInput(completion.line);
      if (completion.candidates.length > 0) {
        dispatch({
          type: 'ran',
          prompt,
          command: input,
          result: {
            state: shellState,
            output: [{ stream: 'out', text: completion.candidates.join('  ') }],
            clear: false,
          },
        });
      }
    } else if (event.ctrlKey && (event.key === 'l' || event.key === 'L')) {
      event.preventDefault();
      dispatch({ type: 'clear' });
    } else if (event.ctrlKey && (event.key === 'c' || event.key === 'C') && !window.getSelection()?.toString()) {
      event.preventDefault();
      dispatch({ type: 'cancel', prompt, command: input });
      setInput('');
    }
  };

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
          {session.user}@{session.hostname}
          {playing ? ' · replaying the recorded session' : ''}
        </Typography>
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
      <Box
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-busy={Boolean(playing)}
        aria-labelledby={titleId}
        tabIndex={0}
        onClick={() => {
          if (!playing && !window.getSelection()?.toString()) inputRef.current?.focus();
        }}
        sx={{
          p: { xs: 1.5, sm: 2 },
          height: { xs: 280, md: 340 },
          overflowY: 'auto',
          fontSize: { xs: '0.8125rem', sm: '0.875rem' },
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {view.lines.map((line) => (
          <Box
            key={line.id}
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
        ))}
        {typing !== null && (
          <Box aria-hidden>
            <Box component="span" sx={(theme) => ({ color: theme.palette.terminal.prompt })}>
              {recording.prompt}{' '}
            </Box>
            {typing}
            <span>▋</span>
          </Box>
        )}
      </Box>
      {!playing && (
        <Box
          component="form"
          onSubmit={submit}
          sx={(theme) => ({
            display: 'flex',
            alignItems: 'baseline',
            gap: 1,
            px: { xs: 1.5, sm: 2 },
            py: 1,
            borderTop: `1px solid ${theme.palette.terminal.border}`,
            flexWrap: 'wrap',
          })}
        >
          <Box
            component="label"
            htmlFor={inputId}
            sx={(theme) => ({ color: theme.palette.terminal.prompt, fontSize: { xs: '0.8125rem', sm: '0.875rem' } })}
          >
            {prompt}
          </Box>
          <Box
            component="input"
            ref={inputRef}
            id={inputId}
            value={input}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              setInput(event.target.value);
              setHistoryIndex(null);
            }}
            onKeyDown={onKeyDown}
            aria-label={`${prompt} command`}
            aria-describedby={helpId}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="send"
            sx={(theme) => ({
              flex: '1 1 12ch',
              minWidth: 0,
              bgcolor: 'transparent',
              color: theme.palette.terminal.text,
              caretColor: theme.palette.terminal.prompt,
              border: 0,
              font: 'inherit',
              fontSize: { xs: '0.8125rem', sm: '0.875rem' },
              p: 0.5,
              borderRadius: 1,
              '&:focus-visible': { outline: `2px solid ${theme.palette.terminal.prompt}`, outlineOffset: 1 },
            })}
          />
        </Box>
      )}
      <Box
        id={helpId}
        sx={(theme) => ({
          px: { xs: 1.5, sm: 2 },
          pb: 1,
          pt: playing ? 1 : 0,
          fontSize: '0.75rem',
          color: theme.palette.terminal.muted,
          fontFamily: theme.typography.fontFamily,
        })}
      >
        Read-only practice shell. Type help for the commands; Up and Down recall earlier ones; Tab completes a name (on
        an empty line it moves on).
      </Box>
    </Box>
  );
}

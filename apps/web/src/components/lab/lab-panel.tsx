import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import PlayArrow from '@mui/icons-material/PlayArrow';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { toolFiles, type LabSetup, type TerminalSize } from '@bastion/labs';
import { LabMachineError } from '@/lib/lab/lab-machine-error.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { LabSession, type LabPhase } from '@/lib/lab/lab-session.ts';
import { useLabEnvironment } from './lab-environment.tsx';
import { supportedLabBrowsers, type LabUnsupported } from '@/lib/lab/lab-support.ts';
import { LabFailureAlert, LabUnsupportedAlert } from './lab-messages.tsx';
import { LabStatus } from './lab-status.tsx';
import { LabToolbar, ToolbarButton } from './lab-toolbar.tsx';
import { LabStartReporter, type LabRef } from './lab-start-report.ts';
import type { LabTerminalHandle } from './lab-terminal.tsx';

/** xterm.js (and its stylesheet) load when a learner starts a lab, not with the page. */
const LabTerminal = lazy(() => import('./lab-terminal.tsx'));

interface LabPanelProps {
  /** Built when the learner starts the lab (a challenge fetches its files then), and again on reset. */
  loadSetup(): Promise<LabSetup>;
  /** Names the lab for assistive technology: "Lab terminal, learner@bastion-lab". */
  label: string;
  intro: string;
  /** The quiz or challenge whose lab this is: each start is reported for the console's Lab health. */
  lab?: LabRef;
  /** The image's tools the lab's recording and solution run: their files are fetched once the prompt shows. */
  tools?: readonly string[];
}

const noTools: readonly string[] = [];

/**
 * A real Linux machine in the page: Start lab boots it (or restores its saved state), then the learner works
 * in a real terminal. Where the browser cannot run it, the panel says why and the rest of the page stays usable.
 */
export function LabPanel({ loadSetup, label, intro, lab, tools = noTools }: LabPanelProps) {
  const environment = useLabEnvironment();
  const [unsupported, setUnsupported] = useState<LabUnsupported | null>(null);
  const [started, setStarted] = useState(false);
  const [phase, setPhase] = useState<LabPhase>({ kind: 'idle' });
  const [screenReaderMode, setScreenReaderMode] = useState(false);
  const [notice, setNotice] = useState('');
  const [fullScreen, setFullScreen] = useState(false);
  const [askingReset, setAskingReset] = useState(false);
  /** Whether the learner has typed into the lab since it started or was reset: a Reset then wipes their work. */
  const changed = useRef(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const terminalRef = useRef<LabTerminalHandle>(null);
  const sessionRef = useRef<LabSession | null>(null);
  const [reporter] = useState(() => new LabStartReporter());
  const helpId = useId();

  useEffect(() => () => sessionRef.current?.stop(), []);
  // Said before Start is offered: a browser that cannot compile the emulator would otherwise sit at a stalled bar.
  useEffect(() => {
    let current = true;
    void environment.unsupported().then((reason) => current && setUnsupported(reason));
    return () => {
      current = false;
    };
  }, [environment]);
  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement === frameRef.current && frameRef.current !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  // The terminal is hidden until the lab runs; then the keyboard goes to it (the Start button is gone). xterm.js
  // focuses without scrolling and draws nothing while out of view, so the lab is brought into view as well.
  useEffect(() => {
    if (phase.kind !== 'running') return;
    terminalRef.current?.focus();
    frameRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [phase.kind]);

  /** Resolves once the terminal is in the page: only then can it measure the size the lab is set up with. */
  const terminalReady = useRef<{ promise: Promise<void>; resolve(): void } | null>(null);
  const whenTerminalReady = useCallback(() => {
    if (!terminalReady.current) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      terminalReady.current = { promise, resolve };
    }
    return terminalReady.current;
  }, []);

  const terminalSize = useCallback(async (): Promise<TerminalSize> => {
    await whenTerminalReady().promise;
    return terminalRef.current?.grid() ?? { columns: 80, rows: 24 };
  }, [whenTerminalReady]);

  // The machine starts at once (from the lab's saved state when it has one); xterm.js loads and mounts meanwhile,
  // and the guest learns the terminal's size once it is measured.
  const begin = useCallback(async () => {
    reporter.begin('start', lab);
    setPhase({ kind: 'preparing' });
    sessionRef.current ??= new LabSession({
      createMachine: environment.createMachine,
      cache: environment.cache,
      shippedReadyState: environment.shippedReadyState,
      onPhase: (next) => {
        // The learner sees what went wrong in words; the details are for whoever opens the console.
        if (next.kind === 'failed') console.warn(`Lab: ${next.message}`);
        reporter.phase(next);
        setPhase(next);
      },
      onOutput: (text) => terminalRef.current?.write(text),
      terminalSize,
      prefetch: toolFiles(tools),
    });
    // A setup that cannot be built (a challenge's file fails to download) fails the start through the session.
    const setup = loadSetup().catch((error: unknown) => {
      throw new LabMachineError('download', error instanceof Error ? error.message : String(error));
    });
    setup.catch(() => undefined);
    changed.current = false;
    await sessionRef.current.start(setup);
  }, [environment, loadSetup, terminalSize, reporter, lab, tools]);

  const reset = async () => {
    const session = sessionRef.current;
    if (!session) return;
    terminalRef.current?.clear();
    changed.current = false;
    reporter.begin('reset', lab);
    try {
      await session.reset(await loadSetup());
    } catch (error) {
      const failed = {
        kind: 'failed' as const,
        reason: 'download' as const,
        message: error instanceof Error ? error.message : String(error),
      };
      reporter.phase(failed);
      setPhase(failed);
    }
  };

  const copy = async () => {
    const text = terminalRef.current?.selection() ?? '';
    if (!text) return setNotice('Select text in the terminal first, then copy.');
    try {
      await navigator.clipboard.writeText(text);
      setNotice('Copied.');
    } catch {
      setNotice('The browser refused the clipboard. Use your browser’s copy command instead.');
    }
  };
  const paste = async () => {
    try {
      terminalRef.current?.paste(await navigator.clipboard.readText());
      terminalRef.current?.focus();
    } catch {
      setNotice('The browser refused the clipboard. Press Ctrl+V (⌘V on a Mac) in the terminal instead.');
    }
  };
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen?.();
  };

  if (unsupported) return <LabUnsupportedAlert reason={unsupported} />;

  if (!started) {
    return (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<PlayArrow />}
          onClick={() => {
            setStarted(true);
            void begin();
          }}
        >
          Start lab
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 20rem' }}>
          {intro}
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            Works in {supportedLabBrowsers}.
          </Box>
        </Typography>
      </Box>
    );
  }

  const running = phase.kind === 'running';
  return (
    <Box
      ref={frameRef}
      sx={(theme) => ({
        bgcolor: theme.palette.terminal.background,
        color: theme.palette.terminal.text,
        border: `1px solid ${theme.palette.terminal.border}`,
        borderRadius: fullScreen ? 0 : 3,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        height: fullScreen ? '100vh' : { xs: 360, md: 440 },
      })}
    >
      <LabToolbar
        title={label}
        running={running}
        screenReaderMode={screenReaderMode}
        onScreenReaderMode={setScreenReaderMode}
        onCopy={() => void copy()}
        onPaste={() => void paste()}
        extra={
          <>
            <ToolbarButton
              label={fullScreen ? 'Exit full screen' : 'Full screen'}
              icon={fullScreen ? <FullscreenExit /> : <Fullscreen />}
              onClick={toggleFullScreen}
            />
            <ToolbarButton
              label="Reset"
              icon={<RestartAlt />}
              onClick={() => (changed.current ? setAskingReset(true) : void reset())}
              disabled={!running && phase.kind !== 'failed'}
            />
          </>
        }
      />
      <ConfirmDialog
        open={askingReset}
        title="Reset the lab?"
        text="Your changes in this lab will be lost: files you created or changed, your command history and any programs you started. The lab goes back to how it was when it first started."
        confirmLabel="Reset lab"
        onConfirm={() => void reset()}
        onClose={() => setAskingReset(false)}
        container={fullScreen ? () => frameRef.current : undefined}
      />
      <LabStatus phase={phase} />
      {phase.kind === 'failed' && <LabFailureAlert reason={phase.reason} onRetry={() => void begin()} />}
      <Box
        sx={{ flex: 1, minHeight: 0, px: 1, pb: 1, visibility: running ? 'visible' : 'hidden' }}
        aria-hidden={running ? undefined : true}
      >
        <Suspense fallback={null}>
          <LabTerminal
            ref={terminalRef}
            label={`Lab terminal, ${label}`}
            describedBy={helpId}
            screenReaderMode={screenReaderMode}
            onData={(text) => {
              changed.current = true;
              sessionRef.current?.send(text);
            }}
            onCopyShortcut={() => void copy()}
            onPasteShortcut={() => void paste()}
            onReady={() => whenTerminalReady().resolve()}
            onResize={(size) => sessionRef.current?.resize(size)}
          />
        </Suspense>
      </Box>
      <Box
        id={helpId}
        sx={(theme) => ({
          px: { xs: 1.5, sm: 2 },
          py: 1,
          fontSize: '0.75rem',
          color: theme.palette.terminal.muted,
          borderTop: `1px solid ${theme.palette.terminal.border}`,
        })}
      >
        Tab completes in the shell; Shift+Tab leaves the terminal. Ctrl+Shift+C copies the selection and Ctrl+Shift+V
        pastes. Nothing in the lab can reach anything outside it.
        <Box component="span" role="status" aria-live="polite" sx={{ display: 'block' }}>
          {notice}
        </Box>
      </Box>
    </Box>
  );
}

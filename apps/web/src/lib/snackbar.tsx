import { DISPLAY } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { BASE_PX, clearBottom, controlBoxes } from './snackbar-placement.ts';

export type SnackbarSeverity = 'success' | 'error' | 'warning' | 'info';

export interface SnackbarValue {
  show(message: string, severity?: SnackbarSeverity): void;
}

interface Entry {
  id: number;
  message: string;
  severity: SnackbarSeverity;
}

const SnackbarContext = createContext<SnackbarValue | null>(null);

/** At the top, the message lies over the 64 px top bar (at every width) in at most two lines. */
const TOP_PX = 4;
const MESSAGE_LINES = 2;

type Placement = { at: 'bottom'; px: number } | { at: 'top' };

/**
 * R9.5's bottom-centre, clear of every control: the message is lifted above the controls it would cover
 * (the answer field and Submit at the bottom of the screen), and goes over the top bar when no clear place is
 * left (docs/decisions/0096-snackbars-bottom-centre-lifted-clear-of-controls.md). It follows the page while it shows: scrolling, resizing, content that moves.
 */
function useClearPlacement(open: boolean, root: RefObject<HTMLDivElement | null>): Placement {
  const [placement, setPlacement] = useState<Placement>({ at: 'bottom', px: BASE_PX });
  useLayoutEffect(() => {
    if (!open) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const element = root.current;
      if (!element) return;
      const { left, right, height } = element.getBoundingClientRect();
      const px = clearBottom({ left, right, height }, window.innerHeight, controlBoxes(element));
      setPlacement((current) => {
        if (px === null) return current.at === 'top' ? current : { at: 'top' };
        return current.at === 'bottom' && current.px === px ? current : { at: 'bottom', px };
      });
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    const observer = new MutationObserver(later);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', later);
      window.removeEventListener('resize', later);
    };
  }, [open, root]);
  return placement;
}

/**
 * R9: one message at a time, hidden after 4 s, default severity info. A new message replaces the
 * current one and restarts the timer, so a repeated message shows again. A message closes only itself: the one
 * before it, whose 4 s may run out while the new one's render is still to come, cannot close the new one.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<{ entry: Entry; open: boolean } | null>(null);
  const entry = shown?.entry ?? null;
  const open = shown?.open ?? false;
  const rootRef = useRef<HTMLDivElement>(null);
  const placement = useClearPlacement(open, rootRef);

  const show = useCallback((message: string, severity: SnackbarSeverity = 'info') => {
    setShown((previous) => ({ entry: { id: (previous?.entry.id ?? 0) + 1, message, severity }, open: true }));
  }, []);

  const close = (id: number, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setShown((current) => (current?.entry.id === id ? { ...current, open: false } : current));
  };

  const value = useMemo(() => ({ show }), [show]);

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      {entry && (
        <Snackbar
          key={entry.id}
          open={open}
          autoHideDuration={DISPLAY.snackbarAutoHideMs}
          onClose={(_event, reason) => close(entry.id, reason)}
          ref={rootRef}
          anchorOrigin={{ vertical: placement.at, horizontal: 'center' }}
          sx={
            placement.at === 'top'
              ? { top: { xs: TOP_PX, sm: TOP_PX } }
              : { bottom: { xs: placement.px, sm: placement.px } }
          }
        >
          <Alert
            onClose={() => close(entry.id)}
            severity={entry.severity}
            variant="filled"
            sx={{
              width: '100%',
              py: 0,
              alignItems: 'center',
              '& .MuiAlert-icon, & .MuiAlert-action': { py: 0.5 },
              '& .MuiAlert-message': {
                py: 0.5,
                display: '-webkit-box',
                WebkitLineClamp: MESSAGE_LINES,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              },
            }}
          >
            {entry.message}
          </Alert>
        </Snackbar>
      )}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarValue {
  const value = useContext(SnackbarContext);
  if (!value) throw new Error('useSnackbar must be used inside SnackbarProvider.');
  return value;
}

import { DISPLAY } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';

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

/**
 * The top bars are 64 px high at every width: a message of up to two lines shown at the top, over the bar,
 * never covers the page itself (a submit button, the field just used). Spec §9 says bottom-centre; there a
 * message sat on the next primary control, so it moved here (see the decisions).
 */
export const SNACKBAR_TOP_PX = 4;
const MESSAGE_LINES = 2;

/**
 * Spec §9: one message at a time, hidden after 4 s, default severity info. A new message replaces the
 * current one and restarts the timer, so a repeated message shows again.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [entry, setEntry] = useState<Entry | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: string, severity: SnackbarSeverity = 'info') => {
    setEntry((previous) => ({ id: (previous?.id ?? 0) + 1, message, severity }));
    setOpen(true);
  }, []);

  const handleClose = (_event?: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
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
          onClose={handleClose}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          sx={{ top: { xs: SNACKBAR_TOP_PX, sm: SNACKBAR_TOP_PX } }}
        >
          <Alert
            onClose={handleClose}
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

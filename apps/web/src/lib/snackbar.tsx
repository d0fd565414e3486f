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
 * Spec §9: one message at a time, bottom-centre, hidden after 4 s, default severity info.
 * A new message replaces the current one and restarts the timer, so a repeated message shows again.
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
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert onClose={handleClose} severity={entry.severity} variant="filled" sx={{ width: '100%' }}>
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

import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { apiErrorText } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';

export interface CsvExportProps {
  /** Fetches the file and hands it to the browser (see `saveCsvFrom`). */
  download: () => Promise<void>;
  /** Shown when the download fails and the server gave no message. */
  failure: string;
  /** What the file holds and that the download is audited; the button is described by it. */
  children: ReactNode;
}

/** The console's "Download as CSV" button and its note, busy while the file is prepared. */
export function CsvExport({ download, failure, children }: CsvExportProps) {
  const exporting = useMutation({ mutationFn: download, retry: false });
  const noteId = useId();
  const snackbar = useSnackbar();
  const start = () =>
    exporting.mutate(undefined, { onError: (error) => snackbar.show(apiErrorText(error, failure), 'error') });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Button
        variant="outlined"
        startIcon={<Download />}
        onClick={start}
        disabled={exporting.isPending}
        aria-describedby={noteId}
      >
        {exporting.isPending ? 'Preparing the CSV…' : 'Download as CSV'}
      </Button>
      <Typography id={noteId} variant="body2" sx={{ color: 'text.secondary' }}>
        {children}
      </Typography>
    </Box>
  );
}

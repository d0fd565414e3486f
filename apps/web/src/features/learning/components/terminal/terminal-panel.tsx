import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { quizLabSetup } from '@bastion/labs';
import { useTerminalContent } from '@/features/learning/api/get-terminal-content.ts';
import { LoadError } from '@/components/query-states.tsx';
import { LabPanel } from '@/components/lab/lab-panel.tsx';
import { labDownloadNote } from '@/components/lab/lab-download-note.ts';
import { labReach } from '@/components/lab/lab-reach.ts';
import { TerminalScreen } from './terminal-screen.tsx';
import { visuallyHidden } from '@/lib/visually-hidden.ts';

/** The quiz's terminal section: the recorded session, and a real lab with the same files (loaded on demand). */
export default function TerminalPanel({ quizId, solved }: { quizId: string; solved: boolean }) {
  const content = useTerminalContent(quizId);
  const titleId = useId();
  const labTitleId = useId();
  const lab = useMemo(() => ({ type: 'quiz' as const, id: quizId }), [quizId]);
  const data = content.data;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ my: 3 }}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1 }}>
        Terminal
      </Typography>
      {content.isPending ? (
        <Box role="status">
          <Box component="span" sx={visuallyHidden}>
            Loading the terminal…
          </Box>
          <Skeleton variant="rounded" height={300} aria-hidden />
        </Box>
      ) : content.isError ? (
        <LoadError title="Could not load the terminal." error={content.error} onRetry={() => void content.refetch()} />
      ) : (
        data && (
          <>
            {/* A lab without recorded commands (a Ladder level) has nothing to replay: no empty recording box. */}
            {data.entries.length > 0 && <TerminalScreen session={data} titleId={titleId} solved={solved} />}
            <Box component="section" aria-labelledby={labTitleId} sx={{ mt: 2 }}>
              <Typography id={labTitleId} variant="h6" component="h4" sx={{ mb: 1, fontSize: '1rem' }}>
                Lab
              </Typography>
              <LabPanel
                lab={lab}
                label={`${data.user}@${data.hostname}`}
                intro={`Try it yourself on a real Linux machine with these files. ${labReach(data)} ${labDownloadNote()}`}
                loadSetup={() => Promise.resolve(quizLabSetup(data))}
                tools={data.tools}
              />
            </Box>
          </>
        )
      )}
    </Box>
  );
}

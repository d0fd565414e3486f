import type { ChallengeContent } from '@bastion/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { LabPanel } from '@/components/lab/lab-panel.tsx';
import { challengeLabSetup, defaultLabIdentity } from '@bastion/labs';
import { labReach } from '@/components/lab/lab-reach.ts';
import { labDownloadNote } from '@/components/lab/lab-download-note.ts';
import { fetchAttachment } from '../api/download-attachment.ts';

type ChallengeLabProps = Pick<ChallengeContent, 'attachments' | 'lab'>;

/** What the lab panel says before the start: where the files are, and what there is to reach. */
function introOf({ attachments, lab }: ChallengeLabProps): string {
  const files = attachments.length > 0 ? ' The challenge files will be in your home directory.' : '';
  return `Work on a real Linux machine.${files} ${labReach(lab)} ${labDownloadNote()}`;
}

/** A real Linux machine with the challenge's files in the learner's home directory, and what its lab runs. */
export function ChallengeLab({ challengeId, attachments, lab }: ChallengeLabProps & { challengeId: string }) {
  const reported = useMemo(() => ({ type: 'challenge' as const, id: challengeId }), [challengeId]);
  const loadSetup = useCallback(
    () =>
      challengeLabSetup(
        attachments,
        async ({ url }) => new Uint8Array(await (await fetchAttachment(url)).arrayBuffer()),
        lab,
      ),
    [attachments, lab],
  );
  if (attachments.length === 0 && !lab) return null;
  return (
    <Box component="section" aria-labelledby="challenge-lab-title" sx={{ mt: 4 }}>
      <Typography id="challenge-lab-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Lab
      </Typography>
      <LabPanel
        lab={reported}
        label={`${defaultLabIdentity.user}@${defaultLabIdentity.hostname}`}
        intro={introOf({ attachments, lab })}
        loadSetup={loadSetup}
        tools={lab?.tools}
      />
    </Box>
  );
}

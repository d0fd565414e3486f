import type { ChallengeContent } from '@bastion/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { LabPanel } from '../../../components/lab/lab-panel.tsx';
import { challengeLabSetup, defaultLabIdentity } from '@bastion/labs';
import { fetchAttachment } from '../api/download-attachment.ts';

/** A real Linux machine with the challenge's files in the learner's home directory. */
export function ChallengeLab({ attachments }: { attachments: ChallengeContent['attachments'] }) {
  const loadSetup = useCallback(
    () =>
      challengeLabSetup(
        attachments,
        async ({ url }) => new Uint8Array(await (await fetchAttachment(url)).arrayBuffer()),
      ),
    [attachments],
  );
  if (attachments.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="challenge-lab-title" sx={{ mt: 4 }}>
      <Typography id="challenge-lab-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Lab
      </Typography>
      <LabPanel
        label={`${defaultLabIdentity.user}@${defaultLabIdentity.hostname}`}
        intro="Work on these files on a real Linux machine: they will be in your home directory. It runs in this page and cannot reach the network; the first start downloads about 24 MB."
        loadSetup={loadSetup}
      />
    </Box>
  );
}

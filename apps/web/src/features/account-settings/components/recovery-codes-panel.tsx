import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { saveBlob } from '@/domain/download-certificate.ts';
import { useSession } from '@/lib/session';
import { SECURITY_MESSAGES } from '../lib/messages.ts';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesText } from '../lib/two-factor-display.ts';
import { CopyButton } from './copy-button.tsx';
import { ArrivalHeading } from './arrival-heading.tsx';

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  onDone(): void;
}

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy them, download them, and
 * say they are saved before the panel goes away. Focus moves to its heading when it opens.
 */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const { username } = useSession();
  const [saved, setSaved] = useState(false);
  const text = recoveryCodesText(codes, username);

  return (
    <Box component="section" aria-labelledby="recovery-codes-title" sx={{ display: 'grid', gap: 2 }}>
      <ArrivalHeading id="recovery-codes-title">Save your recovery codes</ArrivalHeading>
      <Alert severity="warning">
        This is the only time these codes are shown. Keep them somewhere safe, such as a password manager: each one
        signs you in once if you lose your phone.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(9rem, 1fr))' },
          gap: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'action.hover',
        }}
      >
        {codes.map((code) => (
          <Box component="li" key={code} sx={{ typography: 'mono', fontSize: '1rem', letterSpacing: '0.04em' }}>
            {code}
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <CopyButton text={codes.join('\n')} copied={SECURITY_MESSAGES.codesCopied}>
          Copy
        </CopyButton>
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE_NAME)}
        >
          Download (.txt)
        </Button>
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <FormControlLabel
          control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
          label="I have saved them"
        />
        <Button variant="contained" onClick={onDone} disabled={!saved}>
          Done
        </Button>
      </Stack>
    </Box>
  );
}

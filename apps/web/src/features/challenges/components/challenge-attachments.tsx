import type { ChallengeContent } from '@bastion/contract';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDownloadAttachment } from '../api/download-attachment.ts';
import { formatBytes } from '../lib/format.ts';

/** The challenge's files, each downloaded through the API client (attachments need the learner's sign-in). */
export function ChallengeAttachments({ attachments }: { attachments: ChallengeContent['attachments'] }) {
  const download = useDownloadAttachment();
  if (attachments.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="challenge-files-title" sx={{ mt: 4 }}>
      <Typography id="challenge-files-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Files
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {attachments.map((file) => {
          const busy = download.isPending && download.variables?.url === file.url;
          return (
            <Box component="li" key={file.url} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Download fontSize="small" aria-hidden sx={{ color: 'primary.main' }} />
              <Link
                component="button"
                type="button"
                onClick={() => download.mutate(file)}
                disabled={busy}
                aria-busy={busy}
                aria-label={`Download ${file.name} (${formatBytes(file.size)})`}
                sx={{ typography: 'mono', fontWeight: 600, verticalAlign: 'baseline' }}
              >
                {file.name}
              </Link>
              <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                {formatBytes(file.size)}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

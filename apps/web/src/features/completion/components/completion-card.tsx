import EmojiEvents from '@mui/icons-material/EmojiEvents';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { CompletionUser } from '@bastion/contract';
import type { ReactNode } from 'react';
import defaultAvatar from '../../../assets/default-avatar.svg';
import { completionShareText, ShareButtons } from '../../../components/share-buttons.tsx';
import { mediaUrl } from '../../../lib/media-url.ts';
import { plural } from '../../../lib/plural.ts';

export function formatCompletionDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

interface CompletionCardProps {
  kind: 'module' | 'course';
  user: CompletionUser;
  title: string;
  completedAt: string;
  points: number;
  serial?: string | null;
  /** The page's own public address. */
  shareUrl: string;
  /** The owner's actions (certificate download). */
  ownerActions?: ReactNode;
}

/** A public, shareable completion: who, what, when and how many points; the course one is a certificate. */
export function CompletionCard({
  kind,
  user,
  title,
  completedAt,
  points,
  serial,
  shareUrl,
  ownerActions,
}: CompletionCardProps) {
  const name = user.full_name.trim() || user.username;
  const date = formatCompletionDate(completedAt);
  const isCertificate = kind === 'course';
  return (
    <Paper
      component="article"
      aria-labelledby="completion-title"
      variant="outlined"
      sx={(theme) => ({
        p: { xs: 3, sm: 5 },
        borderRadius: 4,
        textAlign: 'center',
        borderWidth: isCertificate ? 2 : 1,
        borderColor: isCertificate ? alpha(theme.palette.secondary.main, 0.6) : 'divider',
        background: `radial-gradient(ellipse at top, ${theme.palette.heroGlow}, transparent 70%)`,
      })}
    >
      <Typography variant="eyebrow" sx={{ color: isCertificate ? 'secondary.main' : 'primary.main' }}>
        {isCertificate ? 'Certificate of completion' : 'Module completed'}
      </Typography>
      <Avatar
        src={mediaUrl(user.photo) ?? defaultAvatar}
        alt={`Photo of ${name}`}
        sx={{ width: 96, height: 96, mx: 'auto', mt: 3, mb: 2, border: 2, borderColor: 'divider' }}
      />
      <Typography id="completion-title" variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.5rem' } }}>
        {name}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>@{user.username}</Typography>
      <Typography sx={{ mt: 3, color: 'text.secondary' }}>completed the {kind}</Typography>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mt: 0.5 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
        <Chip
          icon={<EmojiEvents />}
          label={`${plural(points, 'point')} earned`}
          variant="outlined"
          sx={{ fontWeight: 600 }}
        />
        <Chip label={`Completed on ${date}`} variant="outlined" />
      </Stack>
      {serial && (
        <Typography variant="mono" component="p" sx={{ mt: 2, color: 'text.secondary' }}>
          Certificate no. {serial}
        </Typography>
      )}
      {ownerActions && <Box sx={{ mt: 3 }}>{ownerActions}</Box>}
      <Divider sx={{ my: 4 }} />
      {isCertificate && (
        <Box sx={{ display: 'flex', gap: 1.5, textAlign: 'left', alignItems: 'flex-start', mb: 3 }}>
          <VerifiedOutlined aria-hidden sx={{ color: 'success.main', mt: 0.25 }} />
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            This certificate was issued by Bastion to {name} for completing {title} on {date}. Anyone can verify it at{' '}
            <Box component="span" sx={{ typography: 'mono', fontSize: '0.8125rem' }}>
              {shareUrl}
            </Box>
            .
          </Typography>
        </Box>
      )}
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Share
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <ShareButtons url={shareUrl} text={completionShareText(name, kind, title)} />
      </Box>
    </Paper>
  );
}

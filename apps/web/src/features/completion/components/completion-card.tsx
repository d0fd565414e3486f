import EmojiEvents from '@mui/icons-material/EmojiEvents';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { CompletionUser } from '@bastion/contract';
import type { ReactNode } from 'react';
import { PublicRecordCard, recordName, RecordPerson, RecordShare, RecordSubject } from '@/components/public-record.tsx';
import { completionShareText } from '@/components/share-buttons.tsx';
import { plural } from '@/lib/plural.ts';

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
  const name = recordName(user);
  const date = formatCompletionDate(completedAt);
  const isCertificate = kind === 'course';
  return (
    <PublicRecordCard
      component="article"
      labelledBy="completion-title"
      border={(theme) => ({
        borderWidth: isCertificate ? 2 : 1,
        borderColor: isCertificate ? alpha(theme.palette.secondary.main, 0.6) : theme.palette.divider,
      })}
    >
      <RecordPerson
        eyebrow={isCertificate ? 'Certificate of completion' : 'Module completed'}
        eyebrowColor={isCertificate ? 'secondary.main' : 'primary.main'}
        name={name}
        username={user.username}
        photo={user.photo}
        titleId="completion-title"
      />
      <RecordSubject kind={kind} title={title} />
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
      <RecordShare url={shareUrl} text={completionShareText(name, kind, title)} />
    </PublicRecordCard>
  );
}

import { ANONYMOUS_LEARNER } from '@bastion/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import defaultAvatar from '../assets/default-avatar.svg';
import { mediaUrl } from '../lib/media-url.ts';
import { ShareButtons } from './share-buttons.tsx';

interface PublicRecordCardProps {
  component: 'article' | 'header';
  labelledBy?: string;
  /** Border overrides (the certificate's is thicker and coloured). */
  border?: (theme: Theme) => { borderWidth: number; borderColor: string };
  children: ReactNode;
}

/** The lit card of a public record (a completion, a profile): centred, with the hero glow on top. */
export function PublicRecordCard({ component, labelledBy, border, children }: PublicRecordCardProps) {
  return (
    <Paper
      component={component}
      aria-labelledby={labelledBy}
      variant="outlined"
      sx={(theme) => ({
        p: { xs: 3, sm: 5 },
        borderRadius: 4,
        textAlign: 'center',
        ...border?.(theme),
        background: `radial-gradient(ellipse at top, ${theme.palette.heroGlow}, transparent 70%)`,
      })}
    >
      {children}
    </Paper>
  );
}

interface RecordPersonProps {
  /** What the record is, above the photo ("Module completed"). */
  eyebrow: string;
  eyebrowColor?: string;
  /** The page's h1: the person's name. */
  name: string;
  /** Null for a learner whose public profile is off: no @username line then. */
  username: string | null;
  photo: string | null;
  avatarSize?: number;
  titleId?: string;
}

/**
 * The name a record shows: the full name, else the username; for a learner whose public profile is off the server
 * sends `ANONYMOUS_LEARNER` as the full name and no username.
 */
export function recordName(user: { full_name: string; username: string | null }): string {
  return user.full_name.trim() || user.username || ANONYMOUS_LEARNER;
}

/** Who the record is about: what it is, their photo, name (the page's h1) and @username. */
export function RecordPerson({
  eyebrow,
  eyebrowColor = 'primary.main',
  name,
  username,
  photo,
  avatarSize = 96,
  titleId,
}: RecordPersonProps) {
  return (
    <>
      <Typography variant="eyebrow" component="p" sx={{ color: eyebrowColor }}>
        {eyebrow}
      </Typography>
      <Avatar
        src={mediaUrl(photo) ?? defaultAvatar}
        alt={username === null ? '' : `Photo of ${name}`}
        sx={{ width: avatarSize, height: avatarSize, mx: 'auto', mt: 3, mb: 2, border: 2, borderColor: 'divider' }}
      />
      <Typography
        id={titleId}
        variant="h1"
        sx={{ fontSize: { xs: '1.75rem', sm: '2.5rem' }, overflowWrap: 'anywhere' }}
      >
        {name}
      </Typography>
      {username !== null && <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>@{username}</Typography>}
    </>
  );
}

/** What was completed: "completed the module" and its title. */
export function RecordSubject({ kind, title }: { kind: string; title: string }) {
  return (
    <>
      <Typography sx={{ mt: 3, color: 'text.secondary' }}>completed the {kind}</Typography>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mt: 0.5, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
    </>
  );
}

/** A record's closing "Share" block. */
export function RecordShare({ url, text }: { url: string; text: string }) {
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Share
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <ShareButtons url={url} text={text} />
      </Box>
    </>
  );
}

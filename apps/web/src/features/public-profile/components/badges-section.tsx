import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PublicBadge } from '@bastion/contract';
import { useState } from 'react';
import { mediaUrl } from '@/lib/media-url.ts';
import { usePublicBadges } from '../api/get-public-badges.ts';
import { formatDay, pointsText } from '../lib/format.ts';
import { ProfileSection } from './profile-section.tsx';
import { SectionPagination } from './section-pagination.tsx';
import { InlineMarkdown } from '@/components/inline-markdown.tsx';

function BadgeTile({ badge }: { badge: PublicBadge }) {
  const earned = formatDay(badge.earned_at);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={`badge-${badge.id}`}
      sx={{ listStyle: 'none', p: 2, borderRadius: 3, textAlign: 'center', display: 'grid', justifyItems: 'center' }}
    >
      {/* The badge's name is right below: the picture says nothing more. */}
      <Avatar
        src={mediaUrl(badge.image) ?? undefined}
        alt=""
        variant="rounded"
        sx={{ width: 64, height: 64, bgcolor: 'transparent', color: 'secondary.main', mb: 1 }}
      >
        <EmojiEvents fontSize="large" />
      </Avatar>
      <Typography id={`badge-${badge.id}`} component="h3" sx={{ fontWeight: 700 }}>
        {badge.name}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        <InlineMarkdown>{badge.description}</InlineMarkdown>
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary', mt: 1 }}>
        {pointsText(badge.points)}
        {earned && ` · earned ${earned}`}
      </Typography>
    </Paper>
  );
}

export function BadgesSection({ username }: { username: string }) {
  const [page, setPage] = useState(1);
  const query = usePublicBadges(username, page);
  return (
    <ProfileSection id="badges" title="Badges" query={query}>
      {(badges) =>
        badges.results.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No badges earned yet.</Typography>
        ) : (
          <>
            <Box
              component="ul"
              aria-label={`Badges, ${badges.count} earned`}
              sx={{
                p: 0,
                m: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))',
              }}
            >
              {badges.results.map((badge) => (
                <BadgeTile key={badge.id} badge={badge} />
              ))}
            </Box>
            <SectionPagination label="Badge pages" count={badges.count} page={page} onChange={setPage} />
          </>
        )
      }
    </ProfileSection>
  );
}

import { DISPLAY, type UnseenBadge } from '@bastion/contract';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { mediaUrl } from '@/lib/media-url.ts';
import { playSound } from '@/lib/sounds.ts';
import { useCollectBadges } from '../api/collect-badges.ts';
import { useUnseenBadges } from '../api/get-unseen-badges.ts';
import { plural } from '@/lib/plural.ts';
import { InlineMarkdown } from '@/components/inline-markdown.tsx';

const Confetti = lazy(() => import('react-confetti'));

function BadgeRow({ entry }: { entry: UnseenBadge }) {
  const image = mediaUrl(entry.badge.image);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, alignItems: 'center', listStyle: 'none' }}>
      <Box
        sx={{
          width: 64,
          height: 64,
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          borderRadius: 2,
          bgcolor: 'action.hover',
        }}
      >
        {image ? (
          <Box component="img" src={image} alt="" sx={{ width: 56, height: 56 }} />
        ) : (
          <EmojiEvents aria-hidden sx={{ fontSize: 40, color: 'secondary.main' }} />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {entry.badge.name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <InlineMarkdown>{entry.badge.description}</InlineMarkdown>
        </Typography>
        {entry.badge.points > 0 && (
          <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600 }}>
            +{plural(entry.badge.points, 'point')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * R4: opens while unseen badges exist, plays the achievement sound once per set, shows confetti while
 * open (none when the learner asks for reduced motion), cannot be dismissed by the backdrop or Escape, and
 * closes only when collecting succeeds.
 */
export function BadgeCollectionDialog() {
  const unseen = useUnseenBadges();
  const collect = useCollectBadges();
  const badges = unseen.data ?? [];
  const open = badges.length > 0;
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const announced = useRef<string>('');

  const setKey = badges.map((entry) => entry.id).join(',');
  useEffect(() => {
    if (setKey && setKey !== announced.current) {
      announced.current = setKey;
      playSound('achievement');
    }
  }, [setKey]);

  const title = badges.length === 1 ? 'You earned a new badge!' : `You earned ${badges.length} new badges!`;

  return (
    <>
      {open && !reducedMotion && (
        <Suspense fallback={null}>
          <Confetti
            numberOfPieces={DISPLAY.confettiPieces}
            width={window.innerWidth}
            height={window.innerHeight}
            style={{ position: 'fixed', zIndex: 1400 }}
            aria-hidden
            data-testid="badge-confetti"
          />
        </Suspense>
      )}
      <Dialog
        open={open}
        // Neither the backdrop nor Escape closes it (R4): only a successful collect does.
        onClose={() => {}}
        aria-labelledby="badge-dialog-title"
        aria-describedby="badge-dialog-description"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="badge-dialog-title" sx={{ textAlign: 'center', pt: 3 }}>
          <EmojiEvents aria-hidden sx={{ fontSize: 48, color: 'secondary.main', display: 'block', mx: 'auto' }} />
          {title}
        </DialogTitle>
        <DialogContent>
          <Typography id="badge-dialog-description" sx={{ textAlign: 'center', color: 'text.secondary', mb: 2 }}>
            Collect {badges.length === 1 ? 'it' : 'them'} to add {badges.length === 1 ? 'it' : 'them'} to your profile.
          </Typography>
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}>
            {badges.map((entry) => (
              <BadgeRow key={entry.id} entry={entry} />
            ))}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button
            variant="contained"
            fullWidth
            size="large"
            onClick={() => collect.mutate()}
            disabled={collect.isPending}
          >
            {collect.isPending ? 'COLLECTING...' : 'Collect'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

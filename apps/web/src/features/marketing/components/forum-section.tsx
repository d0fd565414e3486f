import Forum from '@mui/icons-material/Forum';
import Telegram from '@mui/icons-material/Telegram';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DiscordIcon } from '@/components/brand/discord-icon.tsx';
import { Link as RouterLink } from 'react-router';
import { communityLinks } from '@/domain/community-links.ts';
import { usePublicConfig } from '@/lib/public-config.ts';
import { Section } from './section.tsx';

const RULES = [
  'Ask anything: there are no beginner questions here.',
  'Discuss approaches, never post flags or quiz answers.',
  'Practise only on systems you own or are allowed to test.',
];

/** The home page's community section: the operator's channels, or the contact form when there are none. */
export function ForumSection() {
  const { discord, telegram } = communityLinks(usePublicConfig().data);
  const hasChannels = Boolean(discord || telegram);
  return (
    <Section
      id="forum"
      tinted
      eyebrow="Forum"
      title="Learn with others"
      intro="Questions are part of learning. Join the Bastion community to talk through lessons, compare approaches to challenges and share the certificates you earn."
    >
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Box
          sx={{
            p: { xs: 3, md: 4 },
            borderRadius: 3.5,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.default',
          }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <Forum sx={{ color: 'primary.main' }} aria-hidden />
            <Typography variant="h4" component="h3">
              {hasChannels ? 'Community channels' : 'Get help from the team'}
            </Typography>
          </Stack>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>
            {hasChannels
              ? 'Talk through lessons with other learners, get unstuck on a challenge step, and hear first when new courses and challenges ship.'
              : 'Stuck on a lesson or a challenge step, or have an idea for a course? Write to the team: we read every message and answer by email.'}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {discord && (
              <Button
                href={discord}
                target="_blank"
                rel="noopener noreferrer"
                variant="contained"
                startIcon={<DiscordIcon />}
              >
                Join on Discord
              </Button>
            )}
            {telegram && (
              <Button
                href={telegram}
                target="_blank"
                rel="noopener noreferrer"
                variant={discord ? 'outlined' : 'contained'}
                startIcon={<Telegram />}
              >
                Join on Telegram
              </Button>
            )}
            {!hasChannels && (
              <Button component={RouterLink} to="/contact" variant="contained">
                Write to the team
              </Button>
            )}
          </Stack>
        </Box>
        <Box>
          <Typography variant="h4" component="h3" sx={{ mb: 2 }}>
            House rules
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
            {RULES.map((rule, index) => (
              <Box component="li" key={rule} sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
                <Typography variant="mono" sx={{ color: 'primary.main', fontWeight: 700 }}>
                  {String(index + 1).padStart(2, '0')}
                </Typography>
                <Typography>{rule}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
    </Section>
  );
}

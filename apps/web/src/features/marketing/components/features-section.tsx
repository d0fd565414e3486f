import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Flag from '@mui/icons-material/Flag';
import Public from '@mui/icons-material/Public';
import School from '@mui/icons-material/School';
import Terminal from '@mui/icons-material/Terminal';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Section } from './section.tsx';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <School />,
    title: 'Hands-on courses',
    text: 'Structured paths in Linux fundamentals, networking, web application security and cryptography, split into modules you can finish in one sitting.',
  },
  {
    icon: <Terminal />,
    title: 'Terminal-style lessons',
    text: 'Quizzes come with a recorded shell session and a small file tree to explore with ls, cat, grep and find. The answer is in there if you look.',
  },
  {
    icon: <Flag />,
    title: 'Step-by-step challenges',
    text: 'Web, crypto, forensics, OSINT, Linux and network challenges broken into steps. Stuck? Every step has a hint, for a small points cost.',
  },
  {
    icon: <EmojiEvents />,
    title: 'Points, badges and streaks',
    text: 'Every lesson, quiz and step earns points. Keep a daily streak, unlock badges and climb the weekly, monthly and all-time leaderboard.',
  },
  {
    icon: <WorkspacePremium />,
    title: 'Certificates',
    text: 'Finish a course and receive a certificate with a public verification link you can share with employers and teammates.',
  },
  {
    icon: <Public />,
    title: 'A public profile',
    text: 'Show your points, badges and solved challenges on a profile page. You decide which sections are visible, or keep it private.',
  },
];

export function FeaturesSection() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything you need to build real skills"
      intro="Bastion pairs short explanations with practice right away, so every concept ends with something you did yourself."
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {FEATURES.map((feature) => (
          <Box
            component="li"
            key={feature.title}
            sx={{
              p: 3,
              borderRadius: 3.5,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              transition: 'border-color 150ms',
              '&:hover': { borderColor: 'primary.main' },
            }}
          >
            <Box
              aria-hidden
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                borderRadius: 2,
                mb: 2,
                color: 'primary.main',
                bgcolor: 'action.selected',
              }}
            >
              {feature.icon}
            </Box>
            <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
              {feature.title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {feature.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

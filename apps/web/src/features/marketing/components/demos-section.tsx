import CheckCircle from '@mui/icons-material/CheckCircle';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import Lock from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Section } from './section.tsx';
import { TerminalWindow } from './terminal-window.tsx';

const QUIZ_SESSION = [
  {
    command: 'cat /etc/nginx/sites-enabled/shop',
    output: 'server {\n    listen 10.0.2.15:8080;\n    server_name shop.internal;',
  },
  { command: 'curl -sI http://10.0.2.15:8080 | head -1', output: 'HTTP/1.1 200 OK' },
];

const STEPS: { title: string; state: 'solved' | 'current' | 'locked'; note: string }[] = [
  { title: 'Find the exposed backup file', state: 'solved', note: '+20 points' },
  { title: 'Recover the admin password hash', state: 'current', note: 'Hint available (-5 points)' },
  { title: 'Crack the hash and sign in', state: 'locked', note: 'Unlocks after step 2' },
];

const STEP_ICONS: Record<(typeof STEPS)[number]['state'], ReactNode> = {
  solved: <CheckCircle sx={{ color: 'success.main' }} aria-hidden />,
  current: <LightbulbOutlined sx={{ color: 'warning.main' }} aria-hidden />,
  locked: <Lock sx={{ color: 'text.secondary' }} aria-hidden />,
};

function DemoCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    // minWidth 0: a grid item is otherwise as wide as the terminal's longest line, which widened the page at 375 px.
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{text}</Typography>
      {children}
    </Box>
  );
}

export function DemosSection() {
  return (
    <Section
      id="demos"
      tinted
      eyebrow="Demos"
      title="See what learning on Bastion looks like"
      intro="Two examples from the platform: a terminal-style quiz inside a lesson, and a challenge solved one step at a time."
    >
      <Box sx={{ display: 'grid', gap: { xs: 6, md: 5 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <DemoCard
          title="A terminal-style quiz"
          text="Read the recorded session, explore the files, then answer in the format shown. Correct answers earn points at once."
        >
          <TerminalWindow title="quiz: which address does the shop listen on?" lines={QUIZ_SESSION} />
          <Box
            sx={{ mt: 2, p: 2, borderRadius: 2.5, border: 1, borderColor: 'divider', bgcolor: 'background.default' }}
          >
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
              Answer format
            </Typography>
            <Typography variant="mono" sx={{ fontSize: '1rem', letterSpacing: '0.08em' }}>
              **.*.*.**
            </Typography>
          </Box>
        </DemoCard>
        <DemoCard
          title="A challenge, step by step"
          text="Challenges are split into steps that build on each other. Each step has a hint when you need one."
        >
          <Box
            component="ol"
            aria-label="Challenge steps"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {STEPS.map((step, index) => (
              <Box
                component="li"
                key={step.title}
                sx={{
                  display: 'flex',
                  gap: 2,
                  alignItems: 'center',
                  p: 2,
                  borderRadius: 2.5,
                  border: 1,
                  borderColor: step.state === 'current' ? 'primary.main' : 'divider',
                  borderStyle: step.state === 'locked' ? 'dashed' : 'solid',
                  bgcolor: 'background.default',
                }}
              >
                {STEP_ICONS[step.state]}
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="mono" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
                    {`Step ${index + 1}`}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{step.title}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {step.note}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </DemoCard>
      </Box>
    </Section>
  );
}

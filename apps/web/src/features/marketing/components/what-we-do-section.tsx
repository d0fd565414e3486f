import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Section } from './section.tsx';

const STEPS = [
  {
    label: 'Learn',
    title: 'Short lessons that explain why',
    text: 'Each lesson covers one idea, such as file permissions, the TCP handshake, SQL injection or hashing versus encryption, and shows where it matters in practice.',
  },
  {
    label: 'Practise',
    title: 'A safe terminal, right in the page',
    text: 'Quizzes put you in a Linux lab that runs inside your browser, beside a recorded session with real command output. Nothing you type reaches a live system, so you can explore freely.',
  },
  {
    label: 'Prove',
    title: 'Challenges, certificates, a profile',
    text: 'Solve multi-step challenges, finish courses for verifiable certificates and let your public profile show what you can do.',
  },
];

export function WhatWeDoSection() {
  return (
    <Section
      id="what-we-do"
      eyebrow="What We Do"
      title="Security education that respects your time"
      intro="Bastion is for students, career changers and developers who want solid security fundamentals. We teach defence and authorised testing, in small steps that add up."
    >
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {STEPS.map((step, index) => (
          <Box component="li" key={step.label} sx={{ position: 'relative', pl: { xs: 0, md: 0 } }}>
            <Typography variant="mono" sx={{ display: 'block', color: 'primary.main', fontWeight: 700, mb: 1.5 }}>
              {`0${index + 1} / ${step.label}`}
            </Typography>
            <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
              {step.title}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{step.text}</Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

import { LegalPage, type LegalSection } from '../components/legal-page.tsx';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Your account',
    paragraphs: [
      'You need a verified email address to sign in. Keep your password to yourself; you are responsible for what happens under your account.',
    ],
  },
  {
    heading: 'Use what you learn responsibly',
    paragraphs: [
      'Bastion teaches security for defence and authorised testing. Only test systems you own or have written permission to test. Do not attack Bastion itself; report vulnerabilities through the contact page instead.',
    ],
  },
  {
    heading: 'Fair play',
    paragraphs: [
      'Solve challenges yourself. Do not publish answers or flags, share accounts, or automate submissions. Points gained unfairly may be removed, and accounts that abuse the platform may be suspended.',
    ],
  },
  {
    heading: 'Premium',
    paragraphs: [
      'Premium unlocks the premium courses, modules and challenges for the period you are subscribed. When it ends you keep everything you earned.',
    ],
  },
  {
    heading: 'Content and availability',
    paragraphs: [
      'Course material belongs to Bastion and its authors and is for your personal learning. We work to keep Bastion available and accurate but provide it as is, and we may change or retire content over time.',
    ],
  },
];

/** `/terms`: the terms of service linked from the footer. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="The short version: learn, practise on systems you are allowed to test, and play fair."
      sections={SECTIONS}
    />
  );
}

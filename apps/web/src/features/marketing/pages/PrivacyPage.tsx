import { LegalPage, type LegalSection } from '../components/legal-page.tsx';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'Your account: username, first and last name, email address, country, and the password you choose (stored only as a salted hash).',
      'Your learning: enrollments, completed lessons, quiz and challenge answers, hints taken, points, badges, streaks and certificates.',
      'What you send us: feedback, contact messages and, if you add them, a profile photo and bio.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'To run your account, keep your progress, award points and certificates, show the leaderboard and send the emails you need (verification, password reset).',
      'We do not sell your data and we do not show third-party advertising.',
    ],
  },
  {
    heading: 'What others can see',
    paragraphs: [
      'The leaderboard shows your username, photo, country, points and streak. Your public profile shows only the sections you choose, and you can make it private at any time. Your email address is never shown.',
    ],
  },
  {
    heading: 'Storage in your browser',
    paragraphs: [
      'Bastion uses no tracking cookies. Your browser keeps your sign-in tokens and your theme choice in local storage; signing out removes the tokens.',
    ],
  },
  {
    heading: 'Your choices',
    paragraphs: [
      'You can correct your profile details in your account, and ask us through the contact page for a copy of your data or for your account to be deleted.',
    ],
  },
];

/** `/privacy`: the privacy policy linked from the footer. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="Bastion collects what it needs to teach you and to keep your progress, and nothing more."
      sections={SECTIONS}
    />
  );
}

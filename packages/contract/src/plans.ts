/**
 * What each plan gives, in the words the landing page, /pricing and /subscription all use. It names the
 * shipped curriculum: the API's plan test checks these courses against content/ (free end to end, or not).
 */
export const FREE_COURSES = ['Linux Fundamentals', 'Networking Essentials'] as const;

export const FREE_PLAN_SUMMARY = `${FREE_COURSES.join(' and ')} are free from the first lesson to the certificate.`;

export const PLAN_FEATURES = {
  free: [
    `${FREE_COURSES.join(' and ')}, complete: every module, quiz and the certificate`,
    'The first two modules of Web Application Security',
    'Every challenge not marked Premium, with step hints',
    'Quizzes in a Linux lab that runs in your browser',
    'Points, badges, daily streaks and the leaderboard',
    'A public profile you control',
  ],
  premium: [
    'Everything in Free',
    'Web Application Security complete, with its certificate',
    'Applied Cryptography, with its certificate',
    'The challenges marked Premium',
    'Premium-only reward codes',
    'Cancel at any time; access runs to the end of the paid month',
  ],
} as const;

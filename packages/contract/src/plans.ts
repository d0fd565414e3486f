/**
 * What each plan gives, in the words the landing page, /pricing and /subscription all use. The courses named
 * here are free end to end (every module, so the certificate too): the API's plan test checks it in content/.
 */
export const FREE_COURSES = ['Linux Fundamentals', 'Networking Essentials'] as const;

const FREE_COURSE_NAMES = FREE_COURSES.join(' and ');

export const FREE_PLAN_SUMMARY = `Whole courses are free from the first lesson to the certificate, ${FREE_COURSE_NAMES} among them.`;

export const PLAN_FEATURES = {
  free: [
    `Whole courses with their certificates, ${FREE_COURSE_NAMES} among them`,
    'Every course, module and challenge not marked Premium',
    'Step hints in challenges',
    'Quizzes in a Linux lab that runs in your browser',
    'Points, badges, daily streaks and the leaderboard',
    'A public profile you control',
  ],
  premium: [
    'Everything in Free',
    'Every course, module and challenge marked Premium',
    'The certificates of the courses that need Premium to finish',
    'Premium-only reward codes',
    'Cancel at any time; access runs to the end of the paid month',
  ],
} as const;

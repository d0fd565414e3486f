/** R2 navbar links for signed-in learners; the subscription link is added by its own rule. */
export const NAV_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/courses', label: 'Courses' },
  { to: '/modules', label: 'Modules' },
  { to: '/challenges', label: 'Challenges' },
  { to: '/leaderboard', label: 'Leaderboard' },
] as const;

export const SUBSCRIPTION_PATH = '/subscription';

/** R2: 'Upgrade Plan' for free users, 'Premium' for premium users. */
export function subscriptionLabel(isPremium: boolean): string {
  return isPremium ? 'Premium' : 'Upgrade Plan';
}

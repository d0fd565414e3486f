/** The console's pages, in the order of its navigation. */
export const CONSOLE_SECTIONS = [
  { path: '/admin/overview', label: 'Overview' },
  { path: '/admin/learners', label: 'Learners' },
  { path: '/admin/codes', label: 'Codes' },
  { path: '/admin/notifications', label: 'Notifications' },
  { path: '/admin/inbox', label: 'Inbox' },
  { path: '/admin/content', label: 'Content' },
  { path: '/admin/items', label: 'Items' },
  { path: '/admin/integrity', label: 'Integrity' },
  { path: '/admin/submissions', label: 'Submissions' },
  { path: '/admin/labs', label: 'Lab health' },
  { path: '/admin/scoreboard', label: 'Scoreboard' },
  { path: '/admin/audit', label: 'Audit log' },
] as const;

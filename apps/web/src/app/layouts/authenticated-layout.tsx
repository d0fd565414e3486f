import Box from '@mui/material/Box';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer.tsx';
import { SkipLink } from '@/components/layout/skip-link.tsx';
import { BadgeCollectionDialog } from '@/features/badges/index.ts';
import { FeedbackDialog } from '@/features/feedback/index.ts';
import { NotificationBell } from '@/features/notifications/index.ts';
import { AppNavbar } from '@/features/shell/index.ts';

/**
 * R2 authenticated layout: navbar with the notification bell, page, footer, and the dialogs the shell
 * owns: feedback, and badge collection (R4), which opens on its own when unseen badges exist.
 */
export function AuthenticatedLayout() {
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppNavbar onSendFeedback={() => setFeedbackOpen(true)} notifications={<NotificationBell />} />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter />
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
      <BadgeCollectionDialog />
    </Box>
  );
}

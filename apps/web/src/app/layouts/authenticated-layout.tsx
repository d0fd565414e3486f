import Box from '@mui/material/Box';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer.tsx';
import { SkipLink } from '../../components/layout/skip-link.tsx';
import { FeedbackDialog } from '../../features/feedback/index.ts';
import { AppNavbar } from '../../features/shell/index.ts';

/**
 * Spec §2 authenticated layout: navbar, page, footer, and the dialogs the shell owns.
 * The notification bell goes into the navbar's `notifications` slot; dialogs that open on their own
 * (badge collection, spec §4) render beside the feedback dialog.
 */
export function AuthenticatedLayout() {
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppNavbar onSendFeedback={() => setFeedbackOpen(true)} />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter />
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </Box>
  );
}

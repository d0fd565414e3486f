import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, NavLink, Outlet } from 'react-router';
import { LogoMark } from '@/components/brand/logo-mark.tsx';
import { SkipLink } from '@/components/layout/skip-link.tsx';
import { pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { ThemeToggle } from '@/components/theme-toggle.tsx';
import { apiErrorBody, apiErrorStatus } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useAdminMe } from '../api/get-admin-me.ts';
import { CONSOLE_SECTIONS } from '../lib/console-sections.ts';
import { ConsoleRefusal } from './console-refusal.tsx';

/**
 * The operator console's frame: its own bar and navigation, no learner navbar. The server decides who may
 * use it (GET /api/admin/me/); this only shows its answer.
 */
export function AdminLayout() {
  const me = useAdminMe();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexGrow: 1 }}>
            <LogoMark />
            <Typography component="p" sx={{ fontWeight: 800 }}>
              Bastion console
            </Typography>
          </Box>
          {me.data && (
            <Typography component="p" variant="body2" sx={{ color: 'text.secondary' }}>
              {me.data.username}
            </Typography>
          )}
          <ThemeToggle />
          <Button component={RouterLink} to="/dashboard" size="small">
            Back to the site
          </Button>
        </Toolbar>
        {me.data && (
          <Box
            component="nav"
            aria-label="Console"
            sx={{ display: 'flex', gap: 0.5, px: 2, pb: 1, overflowX: 'auto', whiteSpace: 'nowrap' }}
          >
            {CONSOLE_SECTIONS.map((section) => (
              <Button
                key={section.path}
                component={NavLink}
                to={section.path}
                size="small"
                sx={{
                  flexShrink: 0,
                  '&.active': {
                    fontWeight: 800,
                    textDecoration: 'underline',
                    textUnderlineOffset: 6,
                    textDecorationThickness: 2,
                  },
                }}
              >
                {section.label}
              </Button>
            ))}
          </Box>
        )}
      </AppBar>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {me.data ? <Outlet /> : <Gate state={me} />}
      </Box>
    </Box>
  );
}

function Gate({ state }: { state: ReturnType<typeof useAdminMe> }) {
  usePageTitle('Console');
  return (
    <Container maxWidth="md" sx={pageContainerSx}>
      {state.isPending ? (
        <LoadingBlock label="Loading the console…" />
      ) : apiErrorStatus(state.error) === 403 ? (
        <ConsoleRefusal body={apiErrorBody(state.error)} />
      ) : (
        <LoadError
          title="The console could not be loaded."
          error={state.error}
          onRetry={() => void state.refetch()}
          titleIsHeading
        />
      )}
    </Container>
  );
}

import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { onTwoFactorSetupRequired } from '@/lib/api-client.ts';
import { isConsolePath } from '@/domain/console-path.ts';
import { SECURITY_PATH, SECURITY_SECTION_ID } from '../lib/security-anchor.ts';

/**
 * Wraps the signed-in pages. When the operator requires two-factor sign-in for staff and this account has
 * none, the API refuses most calls with `two_factor_setup_required`: whichever screen made the call, the
 * user is sent to /edit-profile#security, where the two-factor card explains why and how to turn it on.
 * The console is the exception: it refuses staff without two-factor sign-in with the same code, and says
 * itself why and what to do.
 */
export function TwoFactorSetupRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      onTwoFactorSetupRequired(() => {
        // Already there (polled calls keep being refused): focus stays where the user is typing.
        if (pathnameRef.current === SECURITY_PATH || isConsolePath(pathnameRef.current)) return;
        // Several refused calls at once make one trip, not one each.
        pathnameRef.current = SECURITY_PATH;
        void navigate({ pathname: SECURITY_PATH, hash: SECURITY_SECTION_ID });
      }),
    [navigate],
  );

  return <Outlet />;
}

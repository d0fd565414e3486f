// Decision 0089: route groups: signed-in, guest-only and public pages.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** R2: the authenticated layout requires a signed-in user; a visitor goes to /login. */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status !== 'authenticated') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** R2: a signed-in user who opens a guest-only page is sent to /dashboard. */
export function GuestOnly() {
  const { status } = useSession();
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

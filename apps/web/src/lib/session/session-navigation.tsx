import { useContext, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SessionNavigationContext } from './session-provider.tsx';

/**
 * Render once inside the router (for example in the root layout): the session provider sits above the
 * router, so this hands it the router's navigate and a session that ends goes to /login without a page
 * load. Without it the provider falls back to its `navigate` prop, then to `window.location`.
 */
export function SessionNavigation() {
  const navigate = useNavigate();
  const register = useContext(SessionNavigationContext);
  useEffect(() => register?.((to) => void navigate(to, { replace: true })), [register, navigate]);
  return null;
}

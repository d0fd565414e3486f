import { useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { SessionNavigation } from '../lib/session';
import { RouteFocus } from './route-focus.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

const LOADER_DELAY_MS = 150;

/**
 * Wraps every route: hands the router's navigate to the session (which sits above the router), restores
 * the scroll position, moves focus to the new page's heading, and shows the full-screen spinner while the next page's code loads.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const pendingKey = navigation.state === 'loading' ? navigation.location.key : null;
  // The spinner shows only for a navigation still loading after a short delay, so fast ones do not flash.
  const [slowKey, setSlowKey] = useState<string | null>(null);

  useEffect(() => {
    if (!pendingKey) return;
    const timer = window.setTimeout(() => setSlowKey(pendingKey), LOADER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pendingKey]);

  return (
    <>
      <SessionNavigation />
      <ScrollToTop />
      <RouteFocus />
      {pendingKey !== null && slowKey === pendingKey && <FullScreenLoader />}
      <Outlet />
    </>
  );
}

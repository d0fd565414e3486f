import { Outlet } from 'react-router';
import { SessionNavigation } from '../../../lib/session';
import { renderRoutes, signIn } from '../../../test/render-app.tsx';
import { SubscriptionPage } from '../pages/SubscriptionPage.tsx';

/** Renders /subscription (signed in) with the app's providers and a contact placeholder. */
export function renderSubscription(entry = '/subscription') {
  signIn('ada');
  return renderRoutes(entry, [
    {
      element: (
        <>
          <SessionNavigation />
          <Outlet />
        </>
      ),
      children: [
        { path: '/subscription', element: <SubscriptionPage /> },
        { path: '/contact', element: <p>Contact screen</p> },
        { path: '/login', element: <p>Login screen</p> },
      ],
    },
  ]);
}

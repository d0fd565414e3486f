import { renderSignedIn } from '@test/render-app.tsx';
import { SubscriptionPage } from '@/features/subscription/pages/SubscriptionPage.tsx';

/** Renders /subscription (signed in) with the app's providers and a contact placeholder. */
export function renderSubscription(entry = '/subscription') {
  return renderSignedIn(entry, [
    { path: '/subscription', element: <SubscriptionPage /> },
    { path: '/contact', element: <p>Contact screen</p> },
    { path: '/login', element: <p>Login screen</p> },
  ]);
}

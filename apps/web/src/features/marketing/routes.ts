import type { RouteObject } from 'react-router';

/** R2 public pages of the marketing site, in the public layout. */
export const marketingRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./pages/HomePage.tsx')).HomePage }),
  },
  {
    path: 'pricing',
    lazy: async () => ({ Component: (await import('./pages/PricingPage.tsx')).PricingPage }),
  },
  {
    path: 'contact',
    lazy: async () => ({ Component: (await import('./pages/ContactPage.tsx')).ContactPage }),
  },
  {
    path: 'privacy',
    lazy: async () => ({ Component: (await import('./pages/PrivacyPage.tsx')).PrivacyPage }),
  },
  {
    path: 'terms',
    lazy: async () => ({ Component: (await import('./pages/TermsPage.tsx')).TermsPage }),
  },
];

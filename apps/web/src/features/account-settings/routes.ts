import type { RouteObject } from 'react-router';

/** R2 /edit-profile, in the authenticated layout (paths are relative to it). */
export const accountSettingsRoutes: RouteObject[] = [
  {
    path: 'edit-profile',
    lazy: async () => ({ Component: (await import('./pages/EditProfilePage.tsx')).EditProfilePage }),
  },
];

import type { RouteObject } from 'react-router';

/** Mailed links, open to anyone who holds them, signed in or not (public layout). */
export const accountLinkRoutes: RouteObject[] = [
  {
    path: 'verify-email/:uidb64/:token',
    lazy: async () => ({ Component: (await import('./pages/VerifyEmailPage.tsx')).VerifyEmailPage }),
  },
  {
    path: 'unlock/:uidb64/:token',
    lazy: async () => ({ Component: (await import('./pages/UnlockAccountPage.tsx')).UnlockAccountPage }),
  },
];

/** Sign-in, sign-up and password recovery: for visitors only (public layout). */
export const guestRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('./pages/LoginPage.tsx')).LoginPage }),
  },
  {
    path: 'register',
    lazy: async () => ({ Component: (await import('./pages/RegisterPage.tsx')).RegisterPage }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({ Component: (await import('./pages/ForgotPasswordPage.tsx')).ForgotPasswordPage }),
  },
  {
    path: 'reset-password/:uidb64/:token',
    lazy: async () => ({ Component: (await import('./pages/ResetPasswordPage.tsx')).ResetPasswordPage }),
  },
];

/** R2 /change-password, in the authenticated layout. */
export const changePasswordRoutes: RouteObject[] = [
  {
    path: 'change-password',
    lazy: async () => ({ Component: (await import('./pages/ChangePasswordPage.tsx')).ChangePasswordPage }),
  },
];

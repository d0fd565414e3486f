/** Texts of the sign-in code step that the contract leaves to the web app (the server's own are in MESSAGES). */
export const TWO_FACTOR_STEP_MESSAGES = {
  enterAppCode: 'Enter the 6-digit code from your authenticator app.',
  enterRecoveryCode: 'Enter one of your recovery codes, like 4f7k-2m9q.',
  appIntro: 'Open your authenticator app and enter the code it shows for Bastion.',
  recoveryIntro: 'Lost your phone? Enter one of the recovery codes you saved when you turned on two-factor sign-in.',
  appHint: 'Six digits; a new code appears every 30 seconds.',
  recoveryHint: 'Like 4f7k-2m9q. Each recovery code works once.',
} as const;

/** What each kind of code looks like once spaces are removed (the contract accepts either on one field). */
export const CODE_SHAPES = {
  app: /^\d{6}$/,
  recovery: /^[a-z0-9]{4}-?[a-z0-9]{4}$/i,
} as const;

/** Texts of this screen that the spec leaves to us (R8 has only the public-profile ones, in MESSAGES). */
export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Profile updated successfully.',
  profileFailed: 'Failed to update your profile.',
  photoUpdated: 'Profile photo updated.',
  photoRemoved: 'Profile photo removed.',
  photoFailed: 'Failed to upload the photo.',
  photoRemoveFailed: 'Failed to remove the photo.',
} as const;

/** The security section's own texts (the server's, such as "Two-factor sign-in is on.", are in MESSAGES). */
export const SECURITY_MESSAGES = {
  setupFailed: 'Could not start the setup. Please try again.',
  enterAppCode: 'Enter the 6-digit code from your authenticator app.',
  enterProofCode: 'Enter the 6-digit code from your app or a recovery code.',
  enterPassword: 'Enter your password.',
  keyCopied: 'Key copied to the clipboard.',
  codesCopied: 'Recovery codes copied to the clipboard.',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  newCodesReady: 'New recovery codes are ready. The old ones no longer work.',
  endSessionFailed: 'Failed to sign out that session.',
  endOthersFailed: 'Failed to sign out the other sessions.',
} as const;

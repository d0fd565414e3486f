/** Texts of this screen that the spec leaves to us (spec §8 has only the public-profile ones, in MESSAGES). */
export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Profile updated successfully.',
  profileFailed: 'Failed to update your profile.',
  photoUpdated: 'Profile photo updated.',
  photoRemoved: 'Profile photo removed.',
  photoFailed: 'Failed to upload the photo.',
  photoRemoveFailed: 'Failed to remove the photo.',
} as const;

import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { pathParam } from './common.ts';
import { line, text } from './text.ts';

/** Request and response shapes of R12. Server-side rules beyond shape live in the API. */
export const USERNAME_PATTERN = /^[a-z0-9_.-]{3,30}$/;

const username = line()
  .trim()
  .transform((value) => value.toLowerCase())
  .pipe(z.string().regex(USERNAME_PATTERN, 'Use 3 to 30 characters: letters, digits, _ . or -.'));
const country = line()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, 'Choose a valid country.');
const password = line().max(128, 'Use at most 128 characters.');
const name = line().trim().max(150, 'Use at most 150 characters.');

export const signupBody = z.strictObject({
  username,
  password1: password,
  password2: line().max(128),
  first_name: name.min(1, 'This field may not be blank.'),
  last_name: name.min(1, 'This field may not be blank.'),
  email: line().trim().max(254).pipe(z.email('Enter a valid email address.')),
  country,
});
export type SignupBody = z.input<typeof signupBody>;

export const loginBody = z.strictObject({
  username: line()
    .trim()
    .min(1)
    .max(254)
    .transform((value) => value.toLowerCase()),
  password: line().min(1).max(128),
  recaptchaToken: line().max(8192).optional().default(''),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshBody = z.strictObject({ refresh: line().min(1).max(4096) });
export const logoutBody = refreshBody;

export const resendVerificationBody = z.strictObject({ username_or_email: line().trim().min(1).max(254) });
export const passwordResetBody = z.strictObject({ email: line().trim().min(1).max(254) });
export const passwordResetConfirmBody = z.strictObject({
  uidb64: line().min(1).max(200),
  token: line().min(1).max(400),
  new_password1: password,
  new_password2: line().max(128),
});
/** `GET /api/users/verify-email/{uidb64}/{token}/`: the service judges both (a bad link is a 400 detail). */
export const verifyEmailParams = z.object({ uidb64: pathParam(), token: pathParam() });

export const changePasswordBody = z.strictObject({
  old_password: line().max(128),
  new_password1: password,
  new_password2: line().max(128),
});

export const publicProfileSettings = z.object({
  is_public: z.boolean(),
  show_points: z.boolean(),
  show_badges: z.boolean(),
  show_challenges: z.boolean(),
  show_module_stats: z.boolean(),
  show_statistics: z.boolean(),
});
export type PublicProfileSettings = z.infer<typeof publicProfileSettings>;
export const DEFAULT_PUBLIC_PROFILE_SETTINGS: PublicProfileSettings = {
  is_public: true,
  show_points: true,
  show_badges: true,
  show_challenges: true,
  show_module_stats: true,
  show_statistics: true,
};
export const publicProfileSettingsPatch = publicProfileSettings.partial().strict();

export const profileResponse = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  country: z.string(),
  bio: z.string(),
  photo: z.string().nullable(),
  is_premium: z.boolean(),
  premium_until: z.string().nullable(),
  points: z.number().int(),
  streak: z.number().int(),
  longest_streak: z.number().int(),
  rank: z.number().int().nullable(),
  date_joined: z.string(),
  timezone: z.string(),
  public_profile: publicProfileSettings,
});
export type Profile = z.infer<typeof profileResponse>;

export const profilePatchBody = z.strictObject({
  first_name: name.min(1, 'This field may not be blank.').optional(),
  last_name: name.min(1, 'This field may not be blank.').optional(),
  country: country.optional(),
  bio: text().trim().max(500, 'Use at most 500 characters.').optional(),
  timezone: line().trim().max(64).optional(),
});

export const navbarResponse = z.object({
  user_photo: z.string().nullable(),
  is_premium: z.boolean(),
  user_points: z.number().int(),
  user_strike: z.number().int(),
  /** Beside R3's four fields: a staff account's menu links the operator console. */
  is_staff: z.boolean(),
});
export type NavbarData = z.infer<typeof navbarResponse>;

export const captchaConfig = z.object({
  provider: z.enum(['altcha', 'recaptcha']),
  site_key: z.string().nullable(),
  challenge_url: z.string().nullable(),
});
/** The operator's community channels and social pages; null when not configured (the web app then hides them). */
export const COMMUNITY_NETWORKS = ['discord', 'telegram', 'x', 'instagram', 'linkedin'] as const;
export type CommunityNetwork = (typeof COMMUNITY_NETWORKS)[number];
export const communityLinks = z.object({
  discord: z.string().nullable(),
  telegram: z.string().nullable(),
  x: z.string().nullable(),
  instagram: z.string().nullable(),
  linkedin: z.string().nullable(),
});
export type CommunityLinks = z.infer<typeof communityLinks>;

export const publicConfigResponse = z.object({
  version: z.string(),
  captcha: captchaConfig,
  payments_enabled: z.boolean(),
  /** Where learners reach the operator (SUPPORT_EMAIL): the footer's mail link, the way to Premium without payments. */
  support_email: z.string(),
  /** The site's own address (APP_URL): what the footer offers to share before the page's script knows its origin. */
  site_url: z.string(),
  community: communityLinks,
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;

export const feedbackBody = z.strictObject({
  content: text().trim().min(1, 'This field may not be blank.').max(5000),
  rating: z.number().int().min(1, 'Choose a rating from 1 to 5.').max(5, 'Choose a rating from 1 to 5.'),
});
export const contactBody = z.strictObject({
  name: line().trim().min(1, 'This field may not be blank.').max(150),
  email: line().trim().max(254).pipe(z.email('Enter a valid email address.')),
  subject: line().trim().min(1, 'This field may not be blank.').max(200),
  message: text().trim().min(1, 'This field may not be blank.').max(5000),
});

import { z } from 'zod';

/** Badges of R14: the rules a badge can have (the curriculum's badge files, the database, the API). */
export const BADGE_RULE_KINDS = [
  'lessons_completed',
  'modules_completed',
  'courses_completed',
  'challenges_completed',
  'points',
  'streak',
  'challenge_without_hints',
  'first_blood',
  'quiz_first_try',
  'coupon_redeemed',
] as const;
export const badgeRuleKind = z.enum(BADGE_RULE_KINDS);
export type BadgeRuleKind = z.infer<typeof badgeRuleKind>;

export const badgeRule = z.object({ kind: badgeRuleKind, threshold: z.number().int() });

export const badgeFields = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** A `/media/…` path, or null. */
  image: z.string().nullable(),
  points: z.number().int(),
  rule: badgeRule,
});
export type BadgeFields = z.infer<typeof badgeFields>;

/** Progress towards a badge's rule: `current` is capped at `target`. */
const progress = { current: z.number().int(), target: z.number().int() };

/** `GET /api/badges/list/`: every visible badge, with whether the caller has it. */
export const badgeListItem = badgeFields.extend({
  earned: z.boolean(),
  earned_at: z.string().nullable(),
  ...progress,
});
export type BadgeListItem = z.infer<typeof badgeListItem>;
export const badgeListResponse = z.array(badgeListItem);

export const earnedBadge = badgeFields.extend({ earned_at: z.string() });
export type EarnedBadge = z.infer<typeof earnedBadge>;

export const lockedBadge = badgeFields.extend(progress);
export type LockedBadge = z.infer<typeof lockedBadge>;

/** `GET /api/badges/unseen/`: the id is the award's (user badge) id. */
export const unseenBadge = z.object({
  id: z.uuid(),
  badge: z.object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    points: z.number().int(),
  }),
  earned_at: z.string(),
});
export type UnseenBadge = z.infer<typeof unseenBadge>;
export const unseenBadgesResponse = z.array(unseenBadge);

export const markBadgesSeenResponse = z.object({ marked: z.number().int() });
export type MarkBadgesSeenResponse = z.infer<typeof markBadgesSeenResponse>;

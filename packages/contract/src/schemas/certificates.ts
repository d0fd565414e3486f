import { z } from 'zod';
import { idParams } from './common.ts';
import { difficultySchema } from './learning.ts';

/** A learner's course certificate; its id is the course completion's id (R18). */
export const certificateItem = z.object({
  id: z.uuid(),
  /** Human-readable certificate number, e.g. `BST-2026-4F7K-9QX2`. */
  serial: z.string(),
  course: z.object({ id: z.uuid(), title: z.string() }),
  completed_at: z.string(),
  points_earned: z.number().int(),
  /** `APP_URL/completion/course/{id}`: the public page that verifies it. */
  verification_url: z.string(),
});
export type CertificateItem = z.infer<typeof certificateItem>;
export const certificateListResponse = z.array(certificateItem);

/** Path parameter of the certificate and completion calls; anything but a known UUID answers 404. */
export const completionParams = idParams;

/**
 * How a learner whose public profile is off is shown to others, wherever learners are listed or a completion is
 * shown (leaderboards, module and challenge completions): this label for a name, no username and no photo. A course
 * completion, the certificate's verification page, names its holder whatever the setting (decision 0194).
 */
export const ANONYMOUS_LEARNER = 'A Bastion learner';

/**
 * Who completed it: public fields only, never the email. `photo` is a `/media/…` path or null. A learner whose
 * public profile is off: `username` and `photo` null, `full_name` {@link ANONYMOUS_LEARNER}.
 */
export const completionUser = z.object({
  username: z.string().nullable(),
  full_name: z.string(),
  photo: z.string().nullable(),
});
export type CompletionUser = z.infer<typeof completionUser>;

/** A certificate's holder: always named, since the certificate is there to be verified. */
export const certificateHolder = completionUser.extend({ username: z.string() });
export type CertificateHolder = z.infer<typeof certificateHolder>;

const completedContent = z.object({
  id: z.uuid(),
  title: z.string(),
  summary: z.string(),
  difficulty: difficultySchema,
  image: z.string().nullable(),
});

const completionRecord = {
  id: z.uuid(),
  user: completionUser,
  completed_at: z.string(),
  points_earned: z.number().int(),
};

/** `GET /api/courses/completed_module/{id}/` (public). */
export const completedModuleResponse = z.object({ ...completionRecord, module: completedContent });
export type CompletedModule = z.infer<typeof completedModuleResponse>;

/** `GET /api/courses/completed_course/{id}/` (public): the certificate's verification page. */
export const completedCourseResponse = z.object({
  ...completionRecord,
  user: certificateHolder,
  course: completedContent,
  serial: z.string(),
});
export type CompletedCourse = z.infer<typeof completedCourseResponse>;

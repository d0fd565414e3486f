import { FEEDBACK_INTERVAL_SECONDS, MESSAGES } from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { NotFound, Throttled } from '../../lib/errors.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { enqueueMail } from '../mail/mail.queue.ts';
import * as repo from './engagement.repository.ts';

export interface EngagementServiceDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  supportEmail: string;
}

export interface FeedbackInput {
  content: string;
  rating: number;
}

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** One line, so a subject typed with line breaks cannot reshape the mail's headers. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function createEngagementService({ db, clock, throttle, supportEmail }: EngagementServiceDeps) {
  /** One feedback per learner per interval; the row lock makes parallel submissions take turns. */
  async function submitFeedback(userId: string, input: FeedbackInput): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await repo.lockUser(tx, userId))) throw new NotFound();
      const now = clock.now();
      const last = await repo.lastFeedbackAt(tx, userId);
      const waitMs = last ? last.getTime() + FEEDBACK_INTERVAL_SECONDS * 1000 - now.getTime() : 0;
      if (waitMs > 0) throw new Throttled(waitMs / 1000, MESSAGES.feedbackWait);
      await repo.insertFeedback(tx, { userId, content: input.content, rating: input.rating, createdAt: now });
    });
  }

  /** Stores the message and queues it to the support address; the mail is sent only if the row commits. */
  async function sendContactMessage(input: ContactInput, ip: string): Promise<void> {
    await throttle.hit('CONTACT_IP', ip);
    await db.transaction(async (tx) => {
      await repo.insertContactMessage(tx, { ...input, ip, createdAt: clock.now() });
      await enqueueMail(tx, {
        to: supportEmail,
        replyTo: input.email,
        subject: `Contact form: ${oneLine(input.subject)}`,
        text: [
          `From: ${oneLine(input.name)} <${input.email}>`,
          `IP address: ${ip}`,
          `Subject: ${oneLine(input.subject)}`,
          '',
          input.message,
        ].join('\n'),
      });
    });
  }

  return { submitFeedback, sendContactMessage };
}

export type EngagementService = ReturnType<typeof createEngagementService>;

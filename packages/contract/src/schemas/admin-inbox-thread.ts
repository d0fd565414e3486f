import { z } from 'zod';
import { text } from './text.ts';

export const INBOX_THREAD_MESSAGES = {
  noAddress: 'This message left no address a reply can be sent to. Note what was done instead.',
  blank: 'Write something first.',
} as const;

/** A reply is mailed to whoever wrote the message; a note stays in the console and is never mailed. */
export const INBOX_ENTRY_KINDS = ['reply', 'note'] as const;
export type InboxEntryKind = (typeof INBOX_ENTRY_KINDS)[number];

export const INBOX_ENTRY_MAX_LENGTH = 10_000;

/** `POST /api/admin/inbox/{feedback|contact}/{id}/replies/` and `…/notes/`. */
export const inboxEntryBody = z.object({
  text: text()
    .trim()
    .min(1, INBOX_THREAD_MESSAGES.blank)
    .max(INBOX_ENTRY_MAX_LENGTH, `Keep it under ${INBOX_ENTRY_MAX_LENGTH.toLocaleString('en')} characters.`),
});
export type InboxEntryBody = z.infer<typeof inboxEntryBody>;

export const inboxEntry = z.object({
  id: z.string(),
  kind: z.enum(INBOX_ENTRY_KINDS),
  /** The staff member's username at the time. */
  author: z.string(),
  text: z.string(),
  /** A reply's recipient; null for a note. */
  mailed_to: z.string().nullable(),
  created_at: z.string(),
});
export type InboxEntry = z.infer<typeof inboxEntry>;

/** `GET /api/admin/inbox/{feedback|contact}/{id}/thread/`: the replies and notes, oldest first. */
export const inboxThread = z.object({
  /** Where a reply goes; null when the sender left no usable address (a reply is then refused). */
  reply_to: z.string().nullable(),
  entries: z.array(inboxEntry),
});
export type InboxThread = z.infer<typeof inboxThread>;

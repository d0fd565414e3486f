import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_NAME,
  idParams,
  INBOX_THREAD_MESSAGES,
  inboxEntry,
  inboxEntryBody,
  inboxThread,
  type InboxEntry,
  type InboxEntryKind,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { consoleActor, type ConsoleActor } from '../../plugins/staff-guard.ts';
import { audited, recordAudit } from '../audit/audit.service.ts';
import { enqueueMail } from '../mail/mail.queue.ts';
import { markHandled } from './inbox.repository.ts';
import * as repo from './inbox-thread.repository.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };
const TABLES = ['feedback', 'contact'] as const;

/** An address a reply can go to: one address, nothing a mail header could be bent with. */
const usable = (address: string) => z.email().safeParse(address.trim()).success;
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

function toEntry(row: repo.InboxEntryRow): InboxEntry {
  return {
    id: row.id,
    kind: row.kind as InboxEntryKind,
    author: row.authorName,
    text: row.text,
    mailed_to: row.mailedTo,
    created_at: row.createdAt.toISOString(),
  };
}

/** The reply as mailed: the staff member's text, signed by the site, above the message it answers. */
function replyMail(item: repo.InboxItem, text: string, supportEmail: string) {
  const quoted = item.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to: item.address.trim(),
    replyTo: supportEmail,
    subject: item.subject ? `Re: ${oneLine(item.subject)}` : `Re: your feedback on ${APP_NAME}`,
    text: [text, '', `${APP_NAME} support`, '', `On ${item.createdAt.toUTCString()}, you wrote:`, quoted].join('\n'),
  };
}

/**
 * Replies to an inbox item (mailed to its sender, and the item marked handled) and internal notes on it (never
 * mailed), kept beside the item; each audited (`inbox.reply`, `inbox.note`), as is reading them (`inbox.view`).
 */
export const inboxThreadRoutes: FastifyPluginAsyncZod = async (app) => {
  async function itemOf(db: Db, table: repo.InboxTable, id: string): Promise<repo.InboxItem> {
    const item = isUuid(id) ? await repo.findInboxItem(db, table, id) : null;
    if (!item) throw new NotFound();
    return item;
  }

  function add(actor: ConsoleActor, table: repo.InboxTable, id: string, kind: InboxEntryKind, text: string) {
    const now = app.clock.now();
    return audited(
      app.db,
      actor,
      async (tx) => {
        const item = await itemOf(tx, table, id);
        let mailedTo: string | null = null;
        if (kind === 'reply') {
          if (!usable(item.address)) throw new Conflict(INBOX_THREAD_MESSAGES.noAddress);
          const mail = replyMail(item, text, app.config.supportEmail);
          await enqueueMail(tx, mail);
          mailedTo = mail.to;
        }
        const row = await repo.insertInboxEntry(tx, table, item.id, {
          kind,
          authorId: actor.id,
          authorName: actor.name,
          text,
          mailedTo,
          createdAt: now,
        });
        const handled = kind === 'reply' && item.handledAt === null;
        if (handled) await markHandled(tx, table, item.id, actor.name, now);
        const after = { entry_id: row.id, text, ...(kind === 'reply' ? { mailed_to: mailedTo, handled } : {}) };
        return {
          result: toEntry(row),
          audit: { action: `inbox.${kind}`, target: { type: item.type, id: item.id, label: item.label }, after },
        };
      },
      now,
    );
  }

  for (const table of TABLES) {
    app.get(
      `/api/admin/inbox/${table}/:id/thread/`,
      { schema: { ...schema, params: idParams, response: { 200: inboxThread } } },
      async (request) => {
        const item = await itemOf(app.db, table, request.params.id);
        const entries = (await repo.listInboxEntries(app.db, table, item.id)).map(toEntry);
        await recordAudit(app.db, consoleActor(request), {
          action: 'inbox.view',
          target: { type: item.type, id: item.id, label: item.label },
          after: { thread: entries.map((entry) => entry.id) },
        });
        return { reply_to: usable(item.address) ? item.address.trim() : null, entries };
      },
    );
    for (const [path, kind] of [
      ['replies', 'reply'],
      ['notes', 'note'],
    ] as const) {
      app.post(
        `/api/admin/inbox/${table}/:id/${path}/`,
        {
          schema: {
            ...schema,
            description:
              kind === 'reply'
                ? 'Mails a reply to the sender and keeps it beside the message. Audited as inbox.reply.'
                : 'An internal note, never mailed. Audited as inbox.note.',
            params: idParams,
            body: inboxEntryBody,
            response: { 201: inboxEntry },
          },
        },
        async (request, reply) => {
          const entry = await add(consoleActor(request), table, request.params.id, kind, request.body.text);
          return reply.code(201).send(entry);
        },
      );
    }
  }
};

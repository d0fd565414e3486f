import { listContactMessages, listFeedback } from '../features/engagement/engagement.repository.ts';
import { defineCommand, positiveInt } from './command.ts';

const limitOption = { limit: { type: 'string' } } as const;

export const engagementCommands = [
  defineCommand({
    name: 'feedback list',
    usage: 'feedback list [--limit N]',
    summary: 'newest learner feedback first (default 50)',
    options: limitOption,
    positionals: 0,
    check: ({ values }) => void positiveInt(values.limit, 'limit', 50),
    run: ({ values }, { db }) => listFeedback(db, { limit: positiveInt(values.limit, 'limit', 50) }),
  }),
  defineCommand({
    name: 'contact list',
    usage: 'contact list [--limit N]',
    summary: 'newest contact-form messages first (default 50)',
    options: limitOption,
    positionals: 0,
    check: ({ values }) => void positiveInt(values.limit, 'limit', 50),
    run: ({ values }, { db }) => listContactMessages(db, { limit: positiveInt(values.limit, 'limit', 50) }),
  }),
];

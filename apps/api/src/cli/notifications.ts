import { broadcastAs } from '../features/notifications/notifications.service.ts';
import { defineCommand, UsageError } from './command.ts';

export const notificationCommands = [
  defineCommand({
    name: 'notify broadcast',
    usage: 'notify broadcast --title T --message M [--type info|success|warning|error] [--user <username>]',
    summary: 'send a notification to every active, verified learner (or only to --user)',
    options: {
      title: { type: 'string' },
      message: { type: 'string' },
      type: { type: 'string' },
      user: { type: 'string' },
    },
    positionals: 0,
    check({ values }) {
      if (typeof values.title !== 'string') throw new UsageError('--title is required');
      if (typeof values.message !== 'string') throw new UsageError('--message is required');
    },
    run: ({ values }, { db, actor }) =>
      broadcastAs(
        db,
        actor,
        {
          title: values.title as string,
          message: values.message as string,
          type: values.type as string | undefined,
          username: values.user as string | undefined,
        },
        new Date(),
      ),
  }),
];

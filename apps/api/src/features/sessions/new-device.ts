import type { Executor } from '@bastion/db';
import { enqueueMail } from '../mail/mail.queue.ts';
import { newSignInMail } from '../accounts/account-mail.ts';
import { deviceFamily, deviceLabel } from './device-label.ts';
import { hasAnySession, recentUserAgents } from './signed-in-sessions.repository.ts';
import type { UserRow } from '../accounts/users.repository.ts';

/** A device (browser family and OS) unused for this long signs in as a new one. */
const KNOWN_DEVICE_DAYS = 90;

// Decision 0043: the new-device mail (device family = browser and OS names, never the IP; 90 days).
/**
 * Queues the "new sign-in" mail when a learner who signed in before does so from a device none of their
 * sessions of the last 90 days used; the IP address does not count (it changes with every network).
 * Call it in the sign-in's transaction, before its session is recorded.
 */
export async function mailIfNewDevice(
  tx: Executor,
  user: UserRow,
  client: { ip: string; userAgent: string | null },
  now: Date,
  appUrl: string,
): Promise<void> {
  if (!(await hasAnySession(tx, user.id))) return;
  const since = new Date(now.getTime() - KNOWN_DEVICE_DAYS * 86_400_000);
  const family = deviceFamily(client.userAgent);
  const known = await recentUserAgents(tx, user.id, since);
  if (known.some((userAgent) => deviceFamily(userAgent) === family)) return;
  const facts = { device: deviceLabel(client.userAgent), ip: client.ip, at: now };
  await enqueueMail(tx, newSignInMail(user, facts, `${appUrl}/edit-profile`));
}

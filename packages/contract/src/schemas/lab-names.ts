import { z } from 'zod';

/**
 * The names and modes a lab's setup writes into its guest, one rule each, for every part that checks them: the
 * contract's lab declarations (lab-network.ts), the content's YAML (@bastion/content) and the setup script, which
 * refuses anything else before a byte reaches the guest (@bastion/labs, whose lab-rules.test.ts feeds all three the
 * same values). JavaScript's `$` ends the text: a trailing line break never passes.
 */

/**
 * An account's name as the setup writes it into /etc/passwd and /etc/group: a lowercase letter or `_`, then up to 31
 * lowercase letters, digits, `_` or `-` (useradd's rule, without its trailing `$` of a machine account).
 */
export const labAccountNamePattern = /^[a-z_][a-z0-9_-]{0,31}$/;

/** A file's mode as chmod takes it in the guest: three or four octal digits (`640`, `0640`, `4755`), no `0o`. */
export const labFileModePattern = /^[0-7]{3,4}$/;

/** One label of a host name (RFC 1123): 1 to 63 letters, digits and inner hyphens; a digit may lead. */
const hostLabel = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

/** The learner's machine's own name, as the setup writes it to /proc/sys/kernel/hostname: one label. */
export const labHostLabelPattern = new RegExp(`^${hostLabel}$`);

/** Another machine's name on the lab network (/etc/hosts, the lab's DNS): labels joined by dots, 253 at most. */
const labHostNamePattern = new RegExp(`^(?=.{1,253}$)${hostLabel}(?:\\.${hostLabel})*$`);

/** A login password the setup hashes into /etc/shadow and `su` is typed: printable ASCII without spaces or `:`. */
export const labPasswordPattern = /^[!-9;-~]{1,128}$/;

export const labAccountName = z.string().regex(labAccountNamePattern, 'must be an account name such as www-data');

export const labHostLabel = z.string().regex(labHostLabelPattern, 'must be a host name of one label such as web01');

export const labHostName = z.string().regex(labHostNamePattern, 'must be a host name such as shop.lab.internal');

export const labPassword = z
  .string()
  .regex(labPasswordPattern, 'must be 1 to 128 printable ASCII characters, without spaces or ":"');

/** YAML reads an unquoted 0640 as the number 640: a mode is always a string. */
export const labFileMode = z.custom<string>().superRefine((mode, ctx) => {
  if (typeof mode !== 'string')
    ctx.addIssue({ code: 'custom', message: 'must be a quoted octal string such as "0640"' });
  else if (!labFileModePattern.test(mode))
    ctx.addIssue({ code: 'custom', message: 'must be an octal mode such as "0640" or "4755"' });
});

import type { Problem } from '@bastion/content';

/** What the probe must not find: an item's accepted answers and its lab's secrets, unless it declares them visible. */
export interface ProbeTarget {
  /** `answer`, `steps.2.answer`. */
  label: string;
  line: number;
  needles: string[];
  /** The files the technique leads to (`answer_at`): a needle found there is where the learner is meant to read it. */
  allowedAt?: readonly string[];
}

/** Answers shorter than this are words and numbers every file holds: guessing them is the risk, not reading them. */
const shortest = 3;
const marker = '@@PROBE-HIT@@';

/**
 * Where a learner looks first, as the learner's own account: every readable file the setup or a service wrote or
 * changed (the lab's files, sealed ones among them, and a service's data), every readable process's command line and
 * environment (but the probe's own), and the shell's environment. Prints one line per needle found: the marker,
 * where, and the needle. The needles travel in the command's text and reach grep through a pipe, so no file or
 * command line of the probe holds them.
 */
export function probeCommand(targets: readonly ProbeTarget[]): string | null {
  const needles = [...new Set(targets.flatMap((target) => target.needles).filter((n) => n.length >= shortest))];
  if (needles.length === 0) return null;
  const encoded = Buffer.from(`${needles.join('\n')}\n`).toString('base64');
  const script = [
    `needles() { printf %s ${encoded} | base64 -d; }`,
    // grep -Z ends a file's name with a NUL, which becomes a tab: `<marker> TAB <where> TAB <needle>` per line.
    `hits() { grep -HZoaiwF -f <(needles) "$@" 2> /dev/null | tr '\\0' '\\t' | sort -u | sed "s|^|${marker}\\t|"; }`,
    // The setup waits for a service's ports, not for a service without one to reach its own command: the probe
    // waits (at most three seconds) until the guest has run nothing but itself and started no process but its own
    // `sleep` twice in a row, so that such a service's command line is there to be read.
    'quiet=0; read -r _ _ _ _ last < /proc/loadavg',
    'for _ in {1..15}; do',
    '  sleep 0.2; read -r _ _ _ tasks now < /proc/loadavg',
    '  if [ "${tasks%/*}" -le 1 ] && [ "$now" -le $((last + 1)) ]; then quiet=$((quiet + 1)); else quiet=0; fi',
    '  last=$now; [ $quiet -lt 2 ] || break',
    'done',
    // Every file whose inode changed since the setup began (its first file is /etc/hostname): what it wrote, sealed
    // parts included whatever time they were given (a file's ctime cannot be set), and what services wrote since.
    'mapfile -t files < <(find / \\( -path /proc -o -path /sys -o -path /dev \\) -prune -o -type f -cnewer /etc/hostname -print 2> /dev/null)',
    'readable=()',
    'for f in "${files[@]}"; do [ -f "$f" ] && [ -r "$f" ] && readable+=("$f"); done',
    '[ ${#readable[@]} -eq 0 ] || hits "${readable[@]}"',
    // Every process but the probe's own (its process group), whose command lines name the lab's files.
    'own=$(< /proc/$$/stat); own=${own##*) }; own=${own#* * }; own=${own%% *}',
    'procs=()',
    'for p in /proc/[0-9]*; do',
    '  s=$(< "$p/stat") 2> /dev/null || continue; s=${s##*) }; s=${s#* * }',
    '  [ "${s%% *}" = "$own" ] || procs+=("$p/cmdline" "$p/environ")',
    'done',
    'hits "${procs[@]}"',
    `env | grep -oaiwF -f <(needles) 2> /dev/null | sort -u | sed "s|^|${marker}\\tthe environment\\t|"`,
    `echo ${marker}-END`,
  ].join('\n');
  // The script reaches bash on its standard input: no process of the probe carries it in its command line.
  return `(cd / && printf %s ${Buffer.from(script).toString('base64')} | base64 -d | bash) 2> /dev/null`;
}

/** Each needle the probe found, as a problem at the line of every item it is an answer of. */
export function probeProblems(file: string, targets: readonly ProbeTarget[], printed: string): Problem[] {
  const hits = printed
    .split('\n')
    .filter((line) => line.startsWith(`${marker}\t`))
    .map((line) => {
      const [, where = '', needle = ''] = line.replace(/\r$/, '').split('\t');
      return { where, needle };
    });
  return targets.flatMap((target) => {
    const mine = new Set(target.needles.map((needle) => needle.toLowerCase()));
    const allowed = new Set(target.allowedAt ?? []);
    const places = new Map<string, string[]>();
    for (const { where, needle } of hits) {
      if (!mine.has(needle.toLowerCase()) || allowed.has(where)) continue;
      places.set(needle, [...(places.get(needle) ?? []), where]);
    }
    return [...places].map(([needle, where]) => ({
      file,
      line: target.line,
      message: `${target.label}: the learner's account reads ${JSON.stringify(needle)} without the technique, in ${where.slice(0, 3).join('; ')}${where.length > 3 ? ` and ${where.length - 3} more` : ''} (hide it, name the file the technique leads to with answer_at, or declare answer_visible with the reason)`,
    }));
  });
}

/** Whether the probe ran to its end (a probe cut short found nothing it can vouch for). */
export const probeFinished = (printed: string): boolean => printed.includes(`${marker}-END`);

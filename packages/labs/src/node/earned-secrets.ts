import type { Content } from '@bastion/content';

/**
 * For each quiz (by file), the names of its lab's shared secrets that its learner already holds: those an earlier
 * quiz of the curriculum has for its answer. A Linux Ladder level's own password is its learner's (they logged in
 * with it, and `/etc/ladder_pass` keeps it for them); the probe looks for every other secret, the next level's above all.
 */
export function secretsEarnedBefore(content: Content): Map<string, Set<string>> {
  const earned = new Set<string>();
  const held = new Map<string, Set<string>>();
  for (const course of content.courses)
    for (const module of course.modules)
      for (const item of module.items) {
        if (item.type !== 'quiz' || !item.terminal?.secrets) continue;
        const shared = Object.entries(item.terminal.secrets).filter(([, form]) => form.shared !== undefined);
        const key = (name: string, scope: string) => `${scope}\n${name}`;
        held.set(item.file, new Set(shared.filter(([name, f]) => earned.has(key(name, f.shared!))).map(([n]) => n)));
        for (const [name, form] of shared)
          if (item.answers.some((answer) => answer.includes(`{{secret.${name}}}`))) earned.add(key(name, form.shared!));
      }
  return held;
}

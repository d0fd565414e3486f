/** What a learner could take up next: neither completed nor locked. */
interface Candidate {
  id: string;
  completed: boolean;
  locked: boolean;
}

/**
 * After finishing `currentId`, the first open item that follows it in `items` (already in their
 * order), else the first open one before it; null when nothing is left.
 */
export function nextOpen<T extends Candidate>(items: readonly T[], currentId: string): T | null {
  const at = items.findIndex((item) => item.id === currentId);
  const open = (item: T) => item.id !== currentId && !item.completed && !item.locked;
  return items.slice(at + 1).find(open) ?? items.slice(0, Math.max(at, 0)).find(open) ?? null;
}

/** Badge queries live under ['badges'] (learning and challenge actions refresh that prefix). */
export const badgeKeys = {
  all: ['badges'] as const,
  unseen: () => ['badges', 'unseen'] as const,
};

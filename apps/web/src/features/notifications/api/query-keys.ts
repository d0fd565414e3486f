/** Every notification query lives under ['notifications'] (learning actions refresh that prefix). */
export const notificationKeys = {
  all: ['notifications'] as const,
  menu: () => ['notifications', 'list'] as const,
  page: (page: number) => ['notifications', 'all', page] as const,
  detail: (uuid: string) => ['notifications', 'detail', uuid] as const,
};

import type { LabSpec } from './lab-spec.ts';

/** Debian's fixed system accounts (base-passwd): a file owned by one of these shows the id a Debian host shows. */
const systemIds: Record<string, number> = {
  root: 0,
  daemon: 1,
  bin: 2,
  sys: 3,
  adm: 4,
  sync: 4,
  tty: 5,
  games: 5,
  disk: 6,
  man: 6,
  lp: 7,
  mail: 8,
  news: 9,
  uucp: 10,
  proxy: 13,
  kmem: 15,
  dialout: 20,
  cdrom: 24,
  sudo: 27,
  audio: 29,
  'www-data': 33,
  backup: 34,
  list: 38,
  irc: 39,
  _apt: 42,
  shadow: 42,
  utmp: 43,
  video: 44,
  plugdev: 46,
  staff: 50,
  users: 100,
  nogroup: 65534,
  nobody: 65534,
};

/** The lab's learner gets uid 1000, as the first account of a Debian install does; other people follow. */
export const labUserId = 1000;

export interface Account {
  name: string;
  id: number;
}

export interface LabAccounts {
  /** Each user has a group of the same name and id (Debian's user-private groups). */
  users: Account[];
  /** Groups that are no user's own. */
  groups: Account[];
}

/**
 * Every account the lab needs: its user, each file's owner and group, each service's user and each account it
 * declares with a password, with the ids a Debian host would give.
 */
export function labAccounts(spec: LabSpec): LabAccounts {
  const ids = new Map<string, number>();
  let next = labUserId;
  const idOf = (name: string) => {
    let id = ids.get(name) ?? systemIds[name];
    if (id === undefined) id = next++;
    ids.set(name, id);
    return id;
  };
  const users = new Map<string, number>([[spec.user, idOf(spec.user)]]);
  const groups = new Map<string, number>();
  for (const file of spec.files) {
    if (file.owner && !users.has(file.owner)) users.set(file.owner, idOf(file.owner));
  }
  for (const service of spec.services ?? []) {
    if (!users.has(service.user)) users.set(service.user, idOf(service.user));
  }
  for (const account of spec.accounts ?? []) {
    if (!users.has(account.name)) users.set(account.name, idOf(account.name));
  }
  for (const file of spec.files) {
    if (file.group && !users.has(file.group) && !groups.has(file.group)) groups.set(file.group, idOf(file.group));
  }
  const list = (map: Map<string, number>) => [...map].map(([name, id]) => ({ name, id }));
  return { users: list(users), groups: list(groups) };
}

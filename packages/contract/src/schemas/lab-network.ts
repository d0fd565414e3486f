// docs/labs.md, "Networks, hosts and services": namespaces in the one guest, declared services, routes.
import { z } from 'zod';
import { labAccountName, labHostName, labPassword } from './lab-names.ts';

/**
 * A lab's network, hosts and services: how a quiz or a challenge describes them (its YAML) and how the API hands
 * them to the browser, which sets them up in the learner's lab. One set of rules for both.
 */

/** A lab with the image's own learner account: what a challenge lab starts from. */
export const defaultLabIdentity = { hostname: 'bastion-lab', user: 'learner', cwd: '/home/learner' } as const;

const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

const tcpPort = 'must be a TCP port (1 to 65535)';
const ipv4 = z.string().regex(ipv4Pattern, 'must be an IPv4 address such as 10.10.0.20');

const cidrOf = (min: number, example: string) =>
  z.string().refine((cidr) => {
    const [address = '', prefix = ''] = cidr.split('/');
    return ipv4Pattern.test(address) && /^\d+$/.test(prefix) && Number(prefix) >= min && Number(prefix) <= 30;
  }, `must be an IPv4 address with a /${min} to /30 prefix, such as ${example}`);

/** A route of the learner's machine to a network beyond the lab's, through a router on the lab network. */
export const labRoute = z.strictObject({
  to: cidrOf(0, '10.50.0.0/16'),
  via: ipv4,
});
export type LabRoute = z.infer<typeof labRoute>;

export const labNetwork = z.strictObject({
  /** The learner's machine on the lab network, with the network's prefix length: `10.10.0.5/24`. */
  address: cidrOf(8, '10.10.0.5/24'),
  /** The learner's default route: a router's address on the lab network (a host's, or none that answers). */
  gateway: ipv4.optional(),
  /** More routes of the learner's machine, each through a router on the lab network. */
  routes: z.array(labRoute).optional(),
});
export type LabNetwork = z.infer<typeof labNetwork>;

/** Another machine on the lab network, reachable by its name and aliases. */
export const labHost = z.strictObject({
  name: labHostName,
  address: ipv4,
  aliases: z.array(labHostName).optional(),
  /** Whether the learner's /etc/hosts names it (default: it does); false for a machine the learner must discover. */
  listed: z.boolean().optional(),
});
export type LabHost = z.infer<typeof labHost>;

/** A program the lab starts at setup as `user`, on the learner's machine or on a host, and keeps running. */
export const labService = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be lowercase letters, digits and hyphens, such as shop'),
  user: labAccountName,
  /** A shell command line, run by /bin/sh in `cwd` (default: the user's home directory). */
  command: z.string().trim().min(1, 'must not be empty'),
  cwd: z.string().startsWith('/', 'must be an absolute path').optional(),
  /** A host's name; without it, the learner's machine. */
  host: z.string().optional(),
  /** The TCP ports it listens on: the learner's prompt appears once each accepts connections. */
  ports: z.array(z.number().int().min(1, tcpPort).max(65535, tcpPort)).optional(),
});
export type LabService = z.infer<typeof labService>;

/**
 * An account the lab adds with a login password, for `su` (the Linux Ladder's next level): printable ASCII without
 * spaces or `:`, which /etc/shadow cannot hold. An account named here that owns nothing is created all the same.
 */
export const labAccount = z.strictObject({
  name: labAccountName,
  password: labPassword,
});
export type LabAccount = z.infer<typeof labAccount>;

/** What a lab declares beyond its files, as fields of the object that holds them (a quiz's terminal, say). */
export const labNetworkFields = {
  network: labNetwork.optional(),
  hosts: z.array(labHost).optional(),
  services: z.array(labService).optional(),
};
const labNetworkDeclarations = z.object(labNetworkFields);

/** What a lab declares beyond its files. */
export interface LabNetworkSetup {
  hostname: string;
  network?: LabNetwork | undefined;
  hosts?: LabHost[] | undefined;
  services?: LabService[] | undefined;
}

/**
 * What the declarations get wrong together, each with the path of the field at fault: hosts without a network, a
 * name or address given twice, a service on a host that is not declared, two services of one name.
 */
export function labNetworkProblems(setup: LabNetworkSetup): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const hosts = setup.hosts ?? [];
  if (hosts.length > 0 && !setup.network)
    problems.push({ path: ['network'], message: 'is required with hosts: give the address of the learner machine' });
  const names = new Set<string>([setup.hostname]);
  const addresses = new Set<string>(setup.network ? [setup.network.address.split('/')[0]!] : []);
  hosts.forEach((host, index) => {
    for (const name of [host.name, ...(host.aliases ?? [])]) {
      if (names.has(name)) problems.push({ path: ['hosts', index], message: `names ${name} a second time` });
      names.add(name);
    }
    if (addresses.has(host.address))
      problems.push({ path: ['hosts', index, 'address'], message: `${host.address} is used twice` });
    addresses.add(host.address);
  });
  if (setup.network) problems.push(...routerProblems(setup.network));
  const services = new Set<string>();
  (setup.services ?? []).forEach((service, index) => {
    if (services.has(service.name))
      problems.push({ path: ['services', index, 'name'], message: `${service.name} names two services` });
    services.add(service.name);
    if (service.host !== undefined && !hosts.some((host) => host.name === service.host))
      problems.push({ path: ['services', index, 'host'], message: `${service.host} is not one of the lab's hosts` });
  });
  return problems;
}

const toNumber = (address: string) => address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);

/** Whether an address is on the lab network, as a router the learner's machine reaches directly must be. */
export function onLabNetwork(network: LabNetwork, address: string): boolean {
  const [own = '', prefix = ''] = network.address.split('/');
  const size = 2 ** (32 - Number(prefix));
  return Math.floor(toNumber(own) / size) === Math.floor(toNumber(address) / size);
}

/** Routers off the lab network, or the learner's own address, which no route can go through. */
function routerProblems(network: LabNetwork): { path: (string | number)[]; message: string }[] {
  const own = network.address.split('/')[0];
  const routers: [(string | number)[], string][] = [
    ...(network.gateway === undefined ? [] : [[['network', 'gateway'], network.gateway] as [string[], string]]),
    ...(network.routes ?? []).map((route, i): [(string | number)[], string] => [
      ['network', 'routes', i, 'via'],
      route.via,
    ]),
  ];
  return routers.flatMap(([path, address]) => {
    if (address === own) return [{ path, message: `${address} is the learner's own address` }];
    if (!onLabNetwork(network, address))
      return [{ path, message: `${address} is not on the lab network ${network.address}` }];
    return [];
  });
}

/** Every problem of a lab's declarations, their shape first, as `field: message` lines; none for a sound lab. */
export function labNetworkErrors(setup: LabNetworkSetup): string[] {
  const parsed = labNetworkDeclarations.safeParse(setup);
  const problems = parsed.success ? labNetworkProblems(setup) : parsed.error.issues;
  return problems.map(({ path, message }) => `${path.join('.')}: ${message}`);
}

/** One file or directory a lab starts with. Owner and group default to the lab's user; mode to 0644 (0755). */
export interface LabFile {
  path: string;
  /** Text (written as UTF-8) or bytes. A directory has no content. */
  content?: string | Uint8Array;
  /**
   * A file of the lab image to copy here (a setuid copy of a tool, say). A path copied onto itself is the image's
   * own file, given this entry's owner, group, mode and time (the usual defaults included).
   */
  copyOf?: string;
  directory?: boolean;
  owner?: string;
  group?: string;
  /** Octal, as chmod takes it: "0640", "4755". */
  mode?: string;
  /** ISO 8601; without it the file takes the lab's clock at setup. */
  mtime?: string;
}

/**
 * Another machine on the lab's network: a network namespace of its own inside the one guest, with its own
 * address, interfaces and listening ports, reachable from the learner's machine by name.
 */
export interface LabHost {
  /** The name the other machines resolve (/etc/hosts): `shop.lab.internal`, `db01`. */
  name: string;
  /** Its IPv4 address on the lab network. */
  address: string;
  aliases?: string[];
}

/**
 * A program the lab starts at setup and keeps running, as a given user, on the learner's machine or on a host.
 * The learner's prompt appears only once every port it declares accepts connections.
 */
export interface LabService {
  /** Names its log, /run/lab-services/<name>.log, readable by root only. */
  name: string;
  user: string;
  /** A shell command line, run by /bin/sh in `cwd` (default the user's home directory). */
  command: string;
  cwd?: string;
  /** The host it runs on (a LabHost's name); without it, the learner's machine. */
  host?: string;
  /** TCP ports it listens on. */
  ports?: number[];
}

/** The learner's machine on the lab network: its address with the network's prefix length, `10.10.0.5/24`. */
export interface LabNetwork {
  address: string;
}

/** What a lab boots into: who the learner is, where, when, and which files are in place. */
export interface LabSpec {
  hostname: string;
  user: string;
  cwd: string;
  files: LabFile[];
  /** ISO 8601: the guest's date and time at setup. Without it the guest keeps the host's clock. */
  clock?: string;
  /** A network with other machines on it; hosts need one. */
  network?: LabNetwork;
  hosts?: LabHost[];
  services?: LabService[];
  /** The terminal's size: a serial console has no window-size signal, so the shell learns it once, at setup. */
  columns?: number;
  rows?: number;
}

/** A lab's spec before the terminal's size is known: what a quiz or a challenge describes. */
export type LabSetup = Omit<LabSpec, 'columns' | 'rows'>;

/** A lab with the image's own learner account and nothing else: what a challenge lab starts from. */
export const defaultLabIdentity = { hostname: 'bastion-lab', user: 'learner', cwd: '/home/learner' } as const;

export function homeOf(user: string): string {
  return user === 'root' ? '/root' : `/home/${user}`;
}

import type { LabAccount, LabHost, LabNetwork, LabService, SealedLab } from '@bastion/contract';

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
  /** A shell command the setup runs as root, whose output is the file. */
  generate?: string;
  directory?: boolean;
  owner?: string;
  group?: string;
  /** Octal, as chmod takes it: "0640", "4755". */
  mode?: string;
  /** ISO 8601; without it the file takes the lab's clock at setup. */
  mtime?: string;
}

/** A lab's network, hosts and services: @bastion/contract defines them, for the YAML and the API alike. */
export type { LabAccount, LabHost, LabNetwork, LabService, SealedLab };

/** A sealed part as the guest opens it: its salt and its bytes (the API's `SealedLab` says more about it). */
export type SealedScript = Pick<SealedLab, 'salt' | 'data'>;

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
  /** Accounts with a login password (for `su`), besides those the files and services name. */
  accounts?: LabAccount[];
  /**
   * Whether the learner sees every account's processes. Off, /proc hides other accounts' processes (hidepid), as a
   * hardened server does: a service's command line and environment are not the learner's to read unless listing
   * processes is the skill the lab teaches.
   */
  processesVisible?: boolean;
  /** Whether the learner's tcpdump may capture on the lab network without root (the lab teaches capturing). */
  packetCapture?: boolean;
  /**
   * What the lab's user may not read, sealed (sealed-setup.ts): its setup defines `lab_sealed_accounts`,
   * `lab_sealed_files`, `lab_sealed_network` and `lab_sealed_services`, which this lab's setup runs where its own
   * part would run.
   */
  sealed?: SealedScript;
  /** The terminal's size: a serial console has no window-size signal, so the shell learns it once, at setup. */
  columns?: number;
  rows?: number;
}

/** A lab's spec before the terminal's size is known: what a quiz or a challenge describes. */
export type LabSetup = Omit<LabSpec, 'columns' | 'rows'>;

export { defaultLabIdentity } from '@bastion/contract';

export function homeOf(user: string): string {
  return user === 'root' ? '/root' : `/home/${user}`;
}

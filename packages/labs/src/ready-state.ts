import { labMachineDescription } from './lab-machine.ts';

/**
 * The guest at its ready point, saved once when the image is built (`npm run labs:ready-state`) and shipped beside
 * it as an immutable file: a lab not started before restores it instead of booting Linux (docs/labs.md). Its
 * record says what it was saved from, since a state restores only into the same emulator, machine and image.
 */
export interface ReadyStateRecord {
  /** `v86 <version>`. */
  emulator: string;
  /** labMachineDescription when it was saved. */
  machine: string;
  /** `<file> <sha256>` of every file of the image's manifest. */
  image: string[];
  /** The state, zstd-compressed (v86 restores it as it is), in the record's folder. */
  file: string;
  bytes: number;
  sha256: string;
  /** The state's size once decompressed: about what a learner's browser keeps of it. */
  stateBytes: number;
  /** The SHA-256 of the script the guest ran before it was saved (what it read, the Python starter it runs). */
  warmUp: string;
}

export type ReadyStateOwner = Pick<ReadyStateRecord, 'emulator' | 'machine' | 'image'>;

export function readyStateOwner(v86Version: string, imageFiles: { file: string; sha256: string }[]): ReadyStateOwner {
  return {
    emulator: `v86 ${v86Version}`,
    machine: labMachineDescription,
    image: imageFiles.map((file) => `${file.file} ${file.sha256}`),
  };
}

/** Whether a shipped state restores into the machine `owner` describes. */
export function readyStateBelongs(record: ReadyStateOwner, owner: ReadyStateOwner): boolean {
  return (
    record.emulator === owner.emulator &&
    record.machine === owner.machine &&
    record.image.length === owner.image.length &&
    record.image.every((line, index) => line === owner.image[index])
  );
}

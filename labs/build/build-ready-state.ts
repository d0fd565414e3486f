// Saves the lab guest at its ready point, once, for every learner's first start (docs/labs.md):
//   npm run labs:ready-state
// Boots labs/image under Node (15–60 s), zeroes the guest's free memory, saves the machine and writes
// labs/ready-state/ready.state.zst (zstd -19, the host's zstd) with ready-state.json, which names the emulator,
// machine and image it belongs to. Run it after any change to the image, to v86's version or to the lab machine's
// devices: a test fails until the record matches them. Unlike the image, the bytes differ from run to run (the
// guest's clock and the order of its boot's events). Then records the files of the image's tools from the new state
// (labs/ready-state/tool-files.json, as npm run labs:tool-files does).
import { writeShippedReadyState, writeToolFiles } from '@bastion/labs/node';

const { record, bootMs } = await writeShippedReadyState();
const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
console.log(
  `ready state: booted in ${(bootMs / 1000).toFixed(1)} s; ${mb(record.stateBytes)} MB, ${mb(record.bytes)} MB compressed`,
);
await writeToolFiles();
console.log('tool files recorded: labs/ready-state/tool-files.json');

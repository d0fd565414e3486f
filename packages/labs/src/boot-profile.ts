import type { BootProfile } from './boot-profile-type.ts';

// Written by `npm run bench:lab-boot -- --write`: remeasure after the image or v86 changes (a test checks the image).
export const labBootProfile: BootProfile = {
  v86: '0.5.462+g5f9a90f',
  image: [
    'vmlinuz-c77cd9c37609b8b1',
    'boot.cpio.gz-043d0a7dcffbeab9',
    'seabios.bin-7ba476745bd8d32d',
    'rootfs.json-905f9ebfec4e1ce1',
  ],
  readyMs: 11331,
  points: [
    [317341630, 501],
    [752497709, 1001],
    [1177149336, 1500],
    [1621187653, 2001],
    [2091386940, 2501],
    [2336132375, 3003],
    [2378556575, 3503],
    [2393772153, 4004],
    [2484008971, 4505],
    [2513423536, 5008],
    [2580966744, 5510],
    [2664880514, 6010],
    [2937041976, 6510],
    [3305314322, 7010],
    [3904406191, 7510],
    [4473928352, 8010],
    [5038857298, 8510],
    [5624194302, 9010],
    [6219580166, 9510],
    [6467815300, 10011],
    [6672644982, 10511],
    [6746902959, 11011],
  ],
};

import type { BootProfile } from './boot-progress.ts';

// Written by `npm run bench:lab-boot -- --write`: remeasure after the image or v86 changes (a test checks the image).
export const labBootProfile: BootProfile = {
  v86: '',
  image: [],
  readyMs: 18000,
  points: [[6_780_000_000, 18000]],
};

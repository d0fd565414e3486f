/**
 * A cold boot as measured once (bench/lab-boot-profile.ts): instructions the guest had run at each moment, from the
 * emulator's start to the guest's ready point. A boot runs about the same instructions on every machine; a slow
 * machine runs them slowly, so the instructions say how far a boot is and the time they took so far says how fast
 * this machine goes.
 */
export interface BootProfile {
  /** What the profile was measured with: v86's version and the image's files (manifest.json). */
  v86: string;
  image: string[];
  /** Milliseconds to the ready point, and [instructions, milliseconds] pairs along the way, both ascending. */
  readyMs: number;
  points: [instructions: number, ms: number][];
}

/** Why this browser cannot run a lab, or null when it can. */
export type LabUnsupported = 'webassembly' | 'worker' | 'memory';

/** A lab needs its 160 MB guest, the emulator and a saved state at once: below 2 GB a tab is likely killed. */
export const minimumDeviceMemoryGb = 2;

interface LabEnvironment {
  WebAssembly?: { instantiateStreaming?: unknown };
  Worker?: unknown;
  navigator?: { deviceMemory?: number };
}

export function labUnsupportedReason(
  environment: LabEnvironment = globalThis as LabEnvironment,
): LabUnsupported | null {
  if (typeof environment.WebAssembly?.instantiateStreaming !== 'function') return 'webassembly';
  if (typeof environment.Worker !== 'function') return 'worker';
  // Only Chromium reports deviceMemory (rounded down to a power of two); elsewhere the allocation itself tells.
  const memory = environment.navigator?.deviceMemory;
  if (typeof memory === 'number' && memory < minimumDeviceMemoryGb) return 'memory';
  return null;
}

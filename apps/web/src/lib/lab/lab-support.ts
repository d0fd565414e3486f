import { bulkMemory, saturatedFloatToInt, signExtensions, simd } from 'wasm-feature-detect';

/** Why this browser cannot run a lab, or null when it can. */
export type LabUnsupported = 'webassembly' | 'webassembly-features' | 'worker' | 'memory';

/** A lab needs its 160 MB guest, the emulator and a saved state at once: below 2 GB a tab is likely killed. */
export const minimumDeviceMemoryGb = 2;

/**
 * The WebAssembly features the lab's emulator (v86's `v86.wasm`) is compiled with, each probed by validating a
 * tiny module that uses it: a browser without one cannot compile the emulator at all. Chrome and Edge 91, Firefox 89
 * and Safari 16.4 are the first with all four (SIMD the last of them).
 */
export const emulatorWasmFeatures: Record<string, () => Promise<boolean>> = {
  SIMD: simd,
  'bulk memory': bulkMemory,
  'sign extension': signExtensions,
  'saturating float conversion': saturatedFloatToInt,
};

/** The browsers that can run a lab, for the lab panel and the README (the first versions with every feature). */
export const supportedLabBrowsers = 'Chrome or Edge 91, Firefox 89, Safari 16.4 or later';

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

/** The emulator's WebAssembly features this browser lacks (none where it can run a lab). */
export async function missingWasmFeatures(features = emulatorWasmFeatures): Promise<string[]> {
  const names = Object.keys(features);
  const present = await Promise.all(names.map((name) => features[name]!().catch(() => false)));
  return names.filter((_, index) => !present[index]);
}

/** Everything a lab needs, WebAssembly's features included: what the lab panel checks before it offers Start. */
export async function labSupport(environment?: LabEnvironment): Promise<LabUnsupported | null> {
  const reason = labUnsupportedReason(environment);
  if (reason) return reason;
  return (await missingWasmFeatures()).length > 0 ? 'webassembly-features' : null;
}

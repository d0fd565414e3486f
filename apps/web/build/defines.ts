import { statSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Constants the app is built with (vite.config.ts), and tested with (vitest.config.ts). */
export function buildDefines(): Record<string, string> {
  const v86Wasm = createRequire(import.meta.url).resolve('v86/build/v86.wasm');
  return {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    __V86_WASM_BYTES__: JSON.stringify(statSync(v86Wasm).size),
  };
}

import { describe, expect, it } from 'vitest';
import { labSupport, labUnsupportedReason, missingWasmFeatures } from './lab-support.ts';

const capable = {
  WebAssembly: { instantiateStreaming: () => undefined },
  Worker: class {},
  navigator: { deviceMemory: 8 },
};

describe('labUnsupportedReason', () => {
  it('accepts a browser with WebAssembly, workers and enough memory (or no memory figure)', () => {
    expect(labUnsupportedReason(capable)).toBeNull();
    expect(labUnsupportedReason({ ...capable, navigator: {} })).toBeNull();
  });

  it('names what is missing', () => {
    expect(labUnsupportedReason({ ...capable, WebAssembly: undefined })).toBe('webassembly');
    expect(labUnsupportedReason({ ...capable, Worker: undefined })).toBe('worker');
    expect(labUnsupportedReason({ ...capable, navigator: { deviceMemory: 1 } })).toBe('memory');
  });
});

describe('the emulator’s WebAssembly features', () => {
  it('finds every feature v86 is compiled with in this runtime', async () => {
    expect(await missingWasmFeatures()).toEqual([]);
    expect(await labSupport(capable)).toBeNull();
  });

  it('names each feature a browser lacks, a probe that throws counting as lacking', async () => {
    const features = {
      SIMD: () => Promise.resolve(false),
      'bulk memory': () => Promise.resolve(true),
      'sign extension': () => Promise.reject(new Error('CompileError')),
    };
    expect(await missingWasmFeatures(features)).toEqual(['SIMD', 'sign extension']);
  });
});

import { describe, expect, it } from 'vitest';
import { labUnsupportedReason } from './lab-support.ts';

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

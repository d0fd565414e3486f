import { describe, expect, it, vi } from 'vitest';
import { silenceConsole } from './silence-console.ts';

describe('silenceConsole', () => {
  it('silences log, debug, info and warn but keeps error', () => {
    const calls = { log: vi.fn(), debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const target = { ...calls };
    silenceConsole(target);
    target.log('a');
    target.debug('b');
    target.info('c');
    target.warn('d');
    target.error('e');
    expect(calls.log).not.toHaveBeenCalled();
    expect(calls.debug).not.toHaveBeenCalled();
    expect(calls.info).not.toHaveBeenCalled();
    expect(calls.warn).not.toHaveBeenCalled();
    expect(target.error).toBe(calls.error);
    expect(calls.error).toHaveBeenCalledWith('e');
  });
});

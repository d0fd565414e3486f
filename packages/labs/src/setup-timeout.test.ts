import { describe, expect, it } from 'vitest';
import { serviceStartAllowanceMs, setupTimeoutMs } from './setup-timeout.ts';

describe('setupTimeoutMs', () => {
  it("keeps a plain lab's allowance for a lab without services", () => {
    expect(setupTimeoutMs({}, 30_000)).toBe(30_000);
    expect(setupTimeoutMs({ services: [] }, 30_000)).toBe(30_000);
  });

  it('adds the start allowance once per service, since the prompt waits for every one', () => {
    const service = { name: 'shop', user: 'www-data', command: 'python3 -S weblab/serve.py shop/app.py' };
    const twoServices = { services: [service, { ...service, name: 'metadata' }] };
    expect(setupTimeoutMs(twoServices, 30_000)).toBe(30_000 + 2 * serviceStartAllowanceMs);
    expect(serviceStartAllowanceMs).toBeGreaterThanOrEqual(90_000);
  });
});

import { describe, expect, it } from 'vitest';
import { labReach } from './lab-reach.ts';

const seal = (networked: boolean) => ({ salt: '0'.repeat(32), data: '', networked });

describe('what the lab panel says a lab can reach', () => {
  it('names its network when it has other machines, in clear or sealed, and nothing otherwise', () => {
    const network = /small network of its own/;
    expect(labReach({ hosts: [{}], sealed: null })).toMatch(network);
    // A sealed lab's hosts are the learner's to discover: the payload only says there are some.
    expect(labReach({ hosts: [], sealed: seal(true) })).toMatch(network);
    expect(labReach({ hosts: [], sealed: seal(false) })).toMatch(/cannot reach the network/);
    expect(labReach({ hosts: [], sealed: null })).toMatch(/cannot reach the network/);
    expect(labReach(null)).toMatch(/cannot reach the network/);
  });
});

import { describe, expect, it } from 'vitest';
import { createRecoveryCodeHasher, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.ts';
import { createSecretBox } from './secret-box.ts';

describe('recovery codes', () => {
  it('are ten distinct xxxx-xxxx codes without look-alike letters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
  });

  it('read typed variants as the code: case, hyphen, spaces and look-alikes', () => {
    expect(normalizeRecoveryCode('AB12-CD34')).toBe('ab12cd34');
    expect(normalizeRecoveryCode(' ab12 cd34 ')).toBe('ab12cd34');
    expect(normalizeRecoveryCode('oIl0-abcd')).toBe('0110abcd');
    expect(normalizeRecoveryCode('abcd-efg')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgu')).toBeNull();
  });

  it('are hashed with a key: same code, same hash; another server secret, another hash', () => {
    const hash = createRecoveryCodeHasher('server-secret-one-that-is-long-enough');
    const other = createRecoveryCodeHasher('server-secret-two-that-is-long-enough');
    expect(hash('ab12cd34')).toBe(hash('ab12cd34'));
    expect(hash('ab12cd34')).not.toBe(hash('ab12cd35'));
    expect(other('ab12cd34')).not.toBe(hash('ab12cd34'));
  });
});

describe('secret box', () => {
  const box = createSecretBox('server-secret-one-that-is-long-enough');
  const owner = '6f1c7c1e-0d5b-4c1e-9a57-1b2f0d3c4e5f';

  it('opens what it sealed for the same owner only', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', owner);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', owner)).not.toBe(sealed);
    expect(box.open(sealed, owner)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(createSecretBox('another-server-secret-long-enough!').open(sealed, owner)).toBeNull();
    const flipped = sealed.at(-10) === 'A' ? 'B' : 'A';
    expect(box.open(`${sealed.slice(0, -10)}${flipped}${sealed.slice(-9)}`, owner)).toBeNull();
    expect(box.open('garbage', owner)).toBeNull();
  });
});

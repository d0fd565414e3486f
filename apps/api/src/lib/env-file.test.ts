import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnvFile } from './env-file.ts';

describe('loadEnvFile', () => {
  afterEach(() => {
    delete process.env.BASTION_ENV_FILE_A;
    delete process.env.BASTION_ENV_FILE_B;
  });

  it('sets what the file says, leaves what the environment already has, and ignores a missing file', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bastion-env-')), '.env');
    writeFileSync(file, 'BASTION_ENV_FILE_A=from-file\nBASTION_ENV_FILE_B="quoted # not a comment"\n');
    process.env.BASTION_ENV_FILE_A = 'from-environment';
    loadEnvFile(file);
    expect(process.env.BASTION_ENV_FILE_A).toBe('from-environment');
    expect(process.env.BASTION_ENV_FILE_B).toBe('quoted # not a comment');
    expect(() => loadEnvFile(path.join(path.dirname(file), 'missing.env'))).not.toThrow();
  });
});

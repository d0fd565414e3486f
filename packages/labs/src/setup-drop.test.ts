import { describe, expect, it } from 'vitest';
import { toBase64 } from './base64.ts';
import { deliverSetup, type FileDrop } from './setup-drop.ts';
import { buildSetupScript } from './setup-script.ts';

const spec = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };
const sealedBytes = Uint8Array.from([0, 1, 2, 250, 255, 10, 13]);
const sealedSpec = { ...spec, sealed: { salt: 'ab'.repeat(16), data: toBase64(sealedBytes) } };

/** The guest's root filesystem as the host holds it. */
function rootFilesystem() {
  const files = new Map<string, Uint8Array>();
  const drop: FileDrop = {
    putFile: (name, bytes) => {
      files.set(name, bytes);
      return Promise.resolve();
    },
    removeFile: (name) => files.delete(name),
  };
  return { files, drop };
}

describe('the way a setup reaches the guest', () => {
  it('is the whole script over the serial line where the machine takes no file', async () => {
    const delivery = await deliverSetup({}, spec, {});
    expect(delivery.script).toBe(buildSetupScript(spec));
  });

  it('is a file in the root filesystem the serial line only names, which the script removes first', async () => {
    const { files, drop } = rootFilesystem();
    const delivery = await deliverSetup(drop, spec, {});
    const [name] = [...files.keys()];
    expect(name).toMatch(/^\.lab-setup-[0-9a-f]{16}$/);
    expect(delivery.script).toBe(`. /${name}\n`);
    expect(new TextDecoder().decode(files.get(name!))).toBe(`rm -f /${name}\n${buildSetupScript(spec)}`);
    delivery.cleanUp();
    expect(files.size).toBe(0);
  });

  it("puts a sealed part's bytes as they are, for the script to open and remove, under new names each time", async () => {
    const { files, drop } = rootFilesystem();
    const first = await deliverSetup(drop, sealedSpec, {});
    const [sealedName, scriptName] = [...files.keys()];
    expect(files.get(sealedName!)).toEqual(sealedBytes);
    const script = new TextDecoder().decode(files.get(scriptName!));
    expect(script).toContain(`-in /${sealedName} `);
    expect(script).toContain(`"data":"/${sealedName}"`);
    expect(script).toContain(`rm -f /${sealedName}\n`);
    expect(script).not.toContain(sealedSpec.sealed.data);
    expect(script).not.toContain('@@SEALED@@');
    const second = await deliverSetup(drop, sealedSpec, {});
    expect(new Set(files.keys()).size).toBe(4);
    first.cleanUp();
    second.cleanUp();
    expect(files.size).toBe(0);
  });
});

import { fileAttributes } from '@bastion/test-kit/fixtures';
import { describe, expect, it } from 'vitest';
import { readableBy, sealedPart, sealLabContent } from './sealed-setup.ts';
import { labContentSetup } from './quiz-lab-setup.ts';
import { buildSetupScript } from './setup-script.ts';
import { setupProgressOf } from './setup-stages.ts';
import type { LabSetup } from './lab-spec.ts';
import { sealedHeader } from './unseal.ts';

const base = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };

describe("a lab's sealed part", () => {
  it('holds what the lab user may not read: by owner, group and mode as the setup leaves them', () => {
    expect(readableBy({ path: '/home/student/a' }, 'student')).toBe(true);
    expect(readableBy({ path: '/etc/motd', owner: 'root' }, 'student')).toBe(true);
    expect(readableBy({ path: '/root/flag', owner: 'root', mode: '0600' }, 'student')).toBe(false);
    expect(readableBy({ path: '/srv/db', owner: 'app', directory: true, mode: '0750' }, 'student')).toBe(false);
    expect(readableBy({ path: '/srv/shared', owner: 'app', group: 'student', mode: '0640' }, 'student')).toBe(true);
    expect(readableBy({ path: '/root/flag', owner: 'root', mode: '0600' }, 'root')).toBe(true);
    // A way in is needed too: a file anyone may read, in a directory only its owner may enter.
    const vault = { path: '/srv/vault', owner: 'app', directory: true, mode: '0700' };
    const listed = new Map([[vault.path, vault]]);
    expect(readableBy({ path: '/srv/vault/a/notes', owner: 'app' }, 'student', listed)).toBe(false);
    expect(readableBy({ path: '/srv/other/notes', owner: 'app' }, 'student', listed)).toBe(true);
    expect(
      readableBy(
        { path: '/srv/vault/notes', owner: 'app' },
        'student',
        new Map([[vault.path, { ...vault, mode: '0711' }]]),
      ),
    ).toBe(true);
  });

  it('is needed only for a lab with such files, services or passwords', () => {
    expect(sealedPart({ ...base, files: [{ path: '/home/student/notes', content: 'x' }] })).toBeNull();
    const part = sealedPart({
      ...base,
      files: [
        { path: '/home/student/notes', content: 'mine' },
        { path: '/root/flag', content: 'FLAG{x}', owner: 'root', mode: '0600' },
      ],
      accounts: [{ name: 'ops', password: 'pw-1' }],
    })!;
    expect([...part.privatePaths]).toEqual(['/root/flag']);
    expect(part.script.startsWith(`${sealedHeader}\n`)).toBe(true);
    expect(part.script).toContain("'FLAG{x}'");
    expect(part.script).toContain("'pw-1'");
    expect(part.script).not.toContain('mine');
  });

  it("holds a file the user may read when it holds one of the learner's secrets, and a command that makes one", () => {
    const part = sealedPart(
      {
        ...base,
        files: [
          { path: '/home/student/notes', content: 'mine' },
          { path: '/home/student/password', content: 'Xy7-secret-value\n' },
          { path: '/home/student/data.txt', generate: "printf '%s' 'Xy7-secret-value' | base64" },
        ],
      },
      ['Xy7-secret-value'],
    )!;
    expect([...part.privatePaths]).toEqual(['/home/student/password', '/home/student/data.txt']);
    expect(part.script).toContain("(\nprintf '%s' 'Xy7-secret-value' | base64\n) > '/home/student/data.txt'");
  });

  it('is opened before the accounts, and its files and services take their place in the setup', () => {
    const script = buildSetupScript({ ...base, sealed: { salt: '0'.repeat(32), data: 'AAAA' } });
    const at = (line: string) => script.indexOf(line);
    expect(script).not.toContain('> /etc/passwd');
    expect(at('openssl enc -d -aes-256-ctr')).toBeGreaterThan(at('ip link set lo up'));
    expect(at('lab_sealed_accounts\n')).toBeGreaterThan(at('rm -r /run/lab-seal'));
    expect(at('lab_sealed_files\n')).toBeGreaterThan(at('> /run/lab-cwd'));
    expect(at('lab_sealed_files\n')).toBeLessThan(at('chown -h student:student'));
    expect(at('lab_sealed_network\n')).toBeGreaterThan(at('lab_sealed_files\n'));
    expect(at('lab_sealed_services\n')).toBeGreaterThan(at('lab_sealed_network\n'));
    expect(at('lab_sealed_services\n')).toBeLessThan(at('hidepid=2'));
  });

  it("is opened by the ready state's starter where it runs, else by OpenSSL, from the script's own base64", () => {
    const script = buildSetupScript({ ...base, sealed: { salt: '0'.repeat(32), data: 'AAAA' } });
    const request = `{"unseal":{"salt":"${'0'.repeat(32)}","data":"/run/lab-seal/data","out":"/run/lab-seal/part.sh"}}`;
    expect(script).toContain("base64 -d > /run/lab-seal/data <<'@@SEALED@@'\nAAAA\n@@SEALED@@\n");
    expect(script).toContain(
      `if [ -p /run/python-starter/requests ]; then\n  printf '%s\\n' '${request}' > /run/python-starter/requests\n`,
    );
    expect(script.indexOf('-in /run/lab-seal/data -out /run/lab-seal/part.sh')).toBeGreaterThan(
      script.indexOf('else\n  lab_image_key=$(sha256sum /usr/lib/bastion/lab-handshake)'),
    );
  });

  it('announces that its services start, not which or how many, and does not count its hosts', () => {
    const spec: LabSetup = {
      ...base,
      network: { address: '10.20.30.77/24' },
      hosts: [{ name: 'db.lab.internal', address: '10.20.30.20' }],
      services: [
        { name: 'db', user: 'nobody', host: 'db.lab.internal', command: 'nc -lk 5432', ports: [5432] },
        { name: 'cache', user: 'nobody', host: 'db.lab.internal', command: 'nc -lk 6379', ports: [6379] },
      ],
    };
    const part = sealedPart(spec)!.script;
    expect(part.match(/@@BASTION-LAB-STAGE@@ [\w-]+/g)).toEqual([
      '@@BASTION-LAB-STAGE@@ network',
      '@@BASTION-LAB-STAGE@@ services',
    ]);
    const sealed = { ...base, sealed: { salt: '0'.repeat(32), data: 'AAAA' } };
    expect(setupProgressOf(sealed, 'network')).toEqual({ stage: { kind: 'network', hosts: null }, step: 1, steps: 4 });
    expect(setupProgressOf({ ...spec, sealed: undefined }, 'network')?.stage).toEqual({ kind: 'network', hosts: 1 });
  });

  it("holds the lab network: which machines are on it, where, and the learner's routes, none of them in the payload", () => {
    const lab = {
      files: { '/home/student/notes': 'mine' },
      file_attributes: {
        '/home/student/notes': fileAttributes(),
      },
      network: {
        address: '10.20.30.77/26',
        gateway: '10.20.30.65',
        routes: [{ to: '10.50.8.0/22', via: '10.20.30.71' }],
      },
      hosts: [{ name: 'kiosk.lab.internal', address: '10.20.30.99', listed: false }],
      services: [],
      accounts: [],
      processes_visible: false,
      packet_capture: false,
      sealed: null,
      tools: [],
    };
    let sealedScript = '';
    const sent = sealLabContent(lab, { ...base, ...labContentSetup(lab) }, (script) => {
      sealedScript = script;
      return { salt: '0'.repeat(32), data: 'AAAA' };
    });
    expect(sent).toMatchObject({ network: null, hosts: [], files: lab.files, sealed: { networked: true } });
    const payload = JSON.stringify(sent);
    for (const address of ['10.20.30.71', '10.20.30.99', '10.50.8.0']) expect(payload).not.toContain(address);
    expect(sealedScript).toContain('lab_sealed_network() {');
    expect(sealedScript).toContain('route add 10.50.8.0/22 via 10.20.30.71 dev eth0');
    expect(sealedScript).toContain('addr add 10.20.30.99/26 dev eth0');
    // A network with no other machine on it is sealed all the same; the web app says it reaches nothing.
    const alone = sealLabContent({ ...lab, hosts: [] }, { ...base, ...labContentSetup({ ...lab, hosts: [] }) }, () => ({
      salt: '0'.repeat(32),
      data: 'AAAA',
    }));
    expect(alone).toMatchObject({ network: null, sealed: { networked: false } });
  });
});

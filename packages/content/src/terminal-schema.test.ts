import { describe, expect, it } from 'vitest';
import { quizSchema } from './content.schemas.ts';
import { newFindings } from './problems.ts';
import { parseYaml, validate } from './yaml-source.ts';

const quiz = (terminal: string) =>
  `title: T\nquestion: Q?\nanswer: a\nterminal:\n  hostname: lab\n  user: student\n  cwd: /home/student\n${terminal}`;

function check(yaml: string) {
  const findings = newFindings(true);
  const { problems } = findings;
  const source = parseYaml(yaml, 'q.quiz.yaml', problems)!;
  const value = validate(source, quizSchema, findings);
  return { value, problems: problems.map((p) => `${p.line}: ${p.message}`) };
}

describe('a quiz terminal in YAML', () => {
  it('takes files as text, as text with attributes, and directories, with a clock and not replayed entries', () => {
    const { value, problems } = check(
      quiz(
        [
          '  clock: 2025-03-10T12:00:00Z',
          '  entries:',
          '    - command: nmap 10.0.0.5',
          '      output: open',
          '      not_replayed: nmap is not in the lab image',
          '  files:',
          '    /home/student/a.txt: hi',
          '    /srv/app/db.env: { content: "x=1\\n", owner: app, group: www-data, mode: "0640", mtime: 2025-03-03T09:40:00Z }',
          '    /srv/app/static: { directory: true, mode: "0750" }',
          '',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([]);
    expect(value!.terminal).toEqual({
      hostname: 'lab',
      user: 'student',
      cwd: '/home/student',
      clock: '2025-03-10T12:00:00Z',
      entries: [{ command: 'nmap 10.0.0.5', output: 'open', not_replayed: 'nmap is not in the lab image' }],
      files: {
        '/home/student/a.txt': 'hi',
        '/srv/app/db.env': { content: 'x=1\n', owner: 'app', group: 'www-data', mode: '0640', mtime: '2025-03-03T09:40:00Z' },
        '/srv/app/static': { directory: true, mode: '0750' },
      },
    });
  });

  it('refuses an empty reason, an unquoted or non-octal mode, a bad owner, a date that is not ISO 8601, on their lines', () => {
    const { problems } = check(
      quiz(
        [
          '  clock: yesterday',
          '  entries:',
          '    - command: dig example.com',
          '      output: ""',
          '      not_replayed: " "',
          '  files:',
          '    /a: { content: x, mode: 0640 }',
          '    /b: { content: x, mode: "0980" }',
          '    /c: { content: x, owner: Bad User }',
          '    /d: { content: x, mtime: "03/03/2025" }',
          '    /e: { directory: false }',
          '',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^8: terminal\.clock: must be an ISO 8601 date/),
      expect.stringMatching(/^12: terminal\.entries\.0\.not_replayed: must not be empty/),
      expect.stringMatching(/^14: terminal\.files\./),
      expect.stringMatching(/^15: terminal\.files\./),
      expect.stringMatching(/^16: terminal\.files\./),
      expect.stringMatching(/^17: terminal\.files\./),
      expect.stringMatching(/^18: terminal\.files\./),
    ]);
    expect(problems[2]).toMatch(/mode: must be a quoted octal string/);
    expect(problems[3]).toMatch(/mode: must be an octal mode/);
    expect(problems[4]).toMatch(/owner: must be an account name/);
    expect(problems[5]).toMatch(/mtime: must be an ISO 8601/);
  });

  it('takes bytes as base64, a copy of a file of the lab image, a command whose output is the file, and a solution', () => {
    const { value, problems } = check(
      quiz(
        [
          '  solution: zcat data.gz',
          '  files:',
          '    /home/student/data.gz: { base64: "H4sIAAAAAAAAA8tIzcnJBwA=" }',
          '    /home/student/key.txt: { generate: "printf %s key | base64" }',
          '    /home/student/reader: { copy_of: /usr/bin/cat, owner: level2, mode: "4755" }',
          '',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([]);
    expect(value!.terminal).toMatchObject({
      solution: 'zcat data.gz',
      files: {
        '/home/student/data.gz': { base64: 'H4sIAAAAAAAAA8tIzcnJBwA=' },
        '/home/student/key.txt': { generate: 'printf %s key | base64' },
        '/home/student/reader': { copy_of: '/usr/bin/cat', owner: 'level2', mode: '4755' },
      },
    });
  });

  it('refuses a file with two sources, base64 that is not, and a copy of a relative path', () => {
    const { problems } = check(
      quiz(
        [
          '  files:',
          '    /a: { content: x, base64: eA== }',
          '    /b: { base64: "not base64!" }',
          '    /c: { copy_of: usr/bin/cat }',
          '    /d: { copy_of: /usr/../etc/shadow }',
          '',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^9: terminal\.files\..*needs exactly one of content, base64, copy_of/),
      expect.stringMatching(/^10: terminal\.files\..*base64: must be base64 text/),
      expect.stringMatching(/^11: terminal\.files\..*copy_of: must be an absolute path/),
      expect.stringMatching(/^12: terminal\.files\..*copy_of: must not contain \.\./),
    ]);
  });

  it('takes a network, hosts and services', () => {
    const { value, problems } = check(
      quiz(
        [
          '  network: { address: 10.10.0.5/24 }',
          '  hosts:',
          '    - { name: shop.lab.internal, address: 10.10.0.20, aliases: [shop] }',
          '  services:',
          '    - { name: shop, user: www-data, command: python3 app.py, cwd: /srv/shop, host: shop.lab.internal, ports: [80] }',
          '  files: { /srv/shop/app.py: { source: ../targets/shop/app.py, owner: www-data } }',
          '',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([]);
    expect(value!.terminal).toMatchObject({
      network: { address: '10.10.0.5/24' },
      hosts: [{ name: 'shop.lab.internal', address: '10.10.0.20', aliases: ['shop'] }],
      services: [{ name: 'shop', user: 'www-data', host: 'shop.lab.internal', ports: [80] }],
      files: { '/srv/shop/app.py': { source: '../targets/shop/app.py', owner: 'www-data' } },
    });
  });

  it('takes accounts with a login password, and refuses a password /etc/shadow cannot hold on its line', () => {
    const { value, problems } = check(
      quiz(
        [
          '  accounts:',
          '    - { name: ladder2, password: GZaTYSQmHkvvUkKJ }',
          '  files: { /etc/ladder_pass/ladder2: { content: "GZaTYSQmHkvvUkKJ\\n", owner: ladder2, mode: "0400" } }',
          '',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([]);
    expect(value!.terminal).toMatchObject({ accounts: [{ name: 'ladder2', password: 'GZaTYSQmHkvvUkKJ' }] });
    const bad = check(
      quiz(
        [
          '  accounts:',
          '    - { name: ladder2, password: "two words" }',
          '    - { name: Ladder3, password: "a:b" }',
          '    - { name: ladder4 }',
          '  files: { /a: b }',
          '',
        ].join('\n'),
      ),
    );
    expect(bad.problems).toEqual([
      expect.stringMatching(/^9: terminal\.accounts\.0\.password: must be 1 to 128 printable ASCII/),
      expect.stringMatching(/^10: terminal\.accounts\.1\.name: must be an account name/),
      expect.stringMatching(/^10: terminal\.accounts\.1\.password: must be 1 to 128 printable ASCII/),
      expect.stringMatching(/^11: terminal\.accounts\.2\.password/),
    ]);
  });

  it("takes the learner's gateway and routes, and refuses a router off the lab network on its line", () => {
    const routed = (via: string) =>
      check(
        quiz(
          [
            '  network:',
            '    address: 10.20.30.77/26',
            '    gateway: 10.20.30.65',
            '    routes:',
            `      - { to: 10.50.8.0/22, via: ${via} }`,
            '  files: { /a: x }',
            '',
          ].join('\n'),
        ),
      );
    const { value, problems } = routed('10.20.30.71');
    expect(problems).toEqual([]);
    expect(value!.terminal).toMatchObject({
      network: { address: '10.20.30.77/26', gateway: '10.20.30.65', routes: [{ to: '10.50.8.0/22', via: '10.20.30.71' }] },
    });
    expect(routed('10.20.31.1').problems).toEqual([
      expect.stringMatching(/terminal\.network\.routes\.0\.via: 10\.20\.31\.1 is not on the lab network 10\.20\.30\.77\/26/),
    ]);
  });

  it('refuses hosts without a network, a name or an address twice, a service on no host, on their lines', () => {
    const { problems } = check(
      quiz(
        [
          '  hosts:',
          '    - { name: db, address: 10.10.0.20 }',
          '    - { name: db, address: 10.10.0.20 }',
          '    - { name: bad name, address: 10.10.0.300 }',
          '  services:',
          '    - { name: web, user: www-data, command: httpd, host: nowhere, ports: [0] }',
          '    - { name: web, user: Bad User, command: httpd }',
          '  files: { /a: x }',
          '',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^11: terminal\.hosts\.2\.name: must be a host name/),
      expect.stringMatching(/^11: terminal\.hosts\.2\.address: must be an IPv4 address/),
      expect.stringMatching(/^13: terminal\.services\.0\.ports\.0: must be a TCP port/),
      expect.stringMatching(/^14: terminal\.services\.1\.user: must be an account name/),
      expect.stringMatching(/^5: terminal\.network: is required with hosts/),
      expect.stringMatching(/^10: terminal\.hosts\.1: names db a second time/),
      expect.stringMatching(/^10: terminal\.hosts\.1\.address: 10\.10\.0\.20 is used twice/),
      expect.stringMatching(/^13: terminal\.services\.0\.host: nowhere is not one of the lab's hosts/),
      expect.stringMatching(/^14: terminal\.services\.1\.name: web names two services/),
    ]);
  });
});

import { fileAttributes, terminalContent } from '@bastion/test-kit/fixtures';
import { describe, expect, it } from 'vitest';
import { quizLabSetup } from './quiz-lab-setup.ts';

/** A text file of the quiz user's, as the API describes it when the quiz names no attributes. */
const plain = fileAttributes();

const content = terminalContent({
  hostname: 'db02',
  files: { '/etc/hosts': '127.0.0.1 localhost\n', '/home/student/notes.txt': 'hi\n' },
  file_attributes: { '/etc/hosts': plain, '/home/student/notes.txt': plain },
});

describe('quizLabSetup', () => {
  it('makes a file from its command where the terminal says its text is one', () => {
    const setup = quizLabSetup({
      ...content,
      files: { '/home/student/data.txt': 'printf hi | base64' },
      file_attributes: { '/home/student/data.txt': { ...plain, encoding: 'command' } },
    });
    expect(setup.files).toEqual([
      expect.objectContaining({ path: '/home/student/data.txt', generate: 'printf hi | base64' }),
    ]);
    expect(setup.files[0]).not.toHaveProperty('content');
  });

  it('places every file with the owner, group, mode and time the terminal gives', () => {
    const setup = quizLabSetup({
      ...content,
      clock: '2026-03-01T09:00:00Z',
      file_attributes: {
        ...content.file_attributes,
        '/etc/hosts': { ...plain, owner: 'root', group: 'root', mode: '0600', mtime: '2025-12-24T08:00:00Z' },
      },
    });
    expect(setup).toMatchObject({
      hostname: 'db02',
      user: 'student',
      cwd: '/home/student',
      clock: '2026-03-01T09:00:00Z',
    });
    expect(setup.files).toEqual([
      {
        path: '/etc/hosts',
        content: '127.0.0.1 localhost\n',
        owner: 'root',
        group: 'root',
        mode: '0600',
        mtime: '2025-12-24T08:00:00Z',
      },
      { path: '/home/student/notes.txt', content: 'hi\n', owner: 'student', group: 'student', mode: '0644' },
    ]);
  });

  it('creates the directories the quiz lists, with their own owner and mode', () => {
    const setup = quizLabSetup({
      ...content,
      files: { '/srv/backups': '' },
      file_attributes: {
        '/srv/backups': { ...plain, owner: 'root', group: 'backup', mode: '0750', directory: true },
      },
    });
    expect(setup.files).toEqual([
      { path: '/srv/backups', directory: true, owner: 'root', group: 'backup', mode: '0750' },
    ]);
  });

  it('decodes a file given as base64 to its bytes, and copies a file of the lab image', () => {
    const setup = quizLabSetup({
      ...content,
      files: { '/home/student/data.gz': 'H4sIAA==', '/home/student/reader': '' },
      file_attributes: {
        '/home/student/data.gz': { ...plain, encoding: 'base64' },
        '/home/student/reader': { ...plain, owner: 'level2', group: 'level2', mode: '4755', copy_of: '/usr/bin/cat' },
      },
    });
    expect(setup.files).toEqual([
      {
        path: '/home/student/data.gz',
        content: new Uint8Array([0x1f, 0x8b, 0x08, 0x00]),
        owner: 'student',
        group: 'student',
        mode: '0644',
      },
      { path: '/home/student/reader', copyOf: '/usr/bin/cat', owner: 'level2', group: 'level2', mode: '4755' },
    ]);
  });

  it('leaves the clock to the guest when the quiz has none', () => {
    expect(quizLabSetup(content)).not.toHaveProperty('clock');
  });

  it('brings the network, the hosts, the services and the accounts along, and leaves them out of a lab without them', () => {
    const shop = { name: 'shop', user: 'www-data', command: 'python3 app.py', host: 'shop.lab.internal', ports: [80] };
    const accounts = [{ name: 'ladder2', password: 'GZaTYSQmHkvv' }];
    const setup = quizLabSetup({
      ...content,
      network: { address: '10.10.0.5/24' },
      hosts: [{ name: 'shop.lab.internal', address: '10.10.0.20' }],
      services: [shop],
      accounts,
    });
    expect(setup).toMatchObject({
      network: { address: '10.10.0.5/24' },
      hosts: [{ name: 'shop.lab.internal', address: '10.10.0.20' }],
      services: [shop],
      accounts,
    });
    const bare = quizLabSetup(content);
    for (const key of ['network', 'hosts', 'services', 'accounts']) expect(bare).not.toHaveProperty(key);
  });

  it('refuses a file the terminal gives no attributes for', () => {
    expect(() => quizLabSetup({ ...content, file_attributes: {} })).toThrow(/\/etc\/hosts/);
  });
});

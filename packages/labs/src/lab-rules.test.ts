import { afterAll, describe, expect, it } from 'vitest';
import { labAccount, labAccountName, labFileMode, labHost, labHostLabel, labService } from '@bastion/contract';
import { loadContent } from '@bastion/content';
import { courseYaml, moduleYaml, quizYaml, TempFolders } from '@bastion/content/testing';
import type { LabSetup } from './lab-spec.ts';
import { buildSetupScript, LabSpecError } from './setup-script.ts';

/**
 * The account-name, file-mode and host-name rules (@bastion/contract's lab-names.ts) fed to everything that applies
 * them: the contract's schemas, a quiz's YAML as `content validate` loads it, and the setup script the guest runs.
 * Each field must take and refuse exactly the same values everywhere.
 */

const long = (length: number) => 'a'.repeat(length);

const accountNames = {
  valid: ['www-data', '_apt', 'a', 'ladder6', 'user_', 'a-', long(32)],
  invalid: [
    '',
    long(33),
    'Alice',
    'ROOT',
    '1user',
    '-user',
    '..',
    'a.b',
    'élève',
    'user\n',
    ' user',
    'us er',
    'user$',
    'a:b',
  ],
};
const modes = {
  valid: ['0777', '777', '4755', '0640', '000'],
  invalid: ['07777', '8', '0o755', '0980', '77', '', '0777\n', ' 755', '+755', '٠٧٧٧', 'u+x'],
};
const hostLabelCases = {
  valid: ['lab', 'web01', 'Kali', '1lab', 'a', 'a-b', long(63)],
  invalid: ['', long(64), '-lab', 'lab-', '..', 'lab\n', 'läb', 'lab_1', 'lab name'],
};
const fullName = `${long(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
const hostNames = {
  valid: [...hostLabelCases.valid, 'shop.lab.internal', '10-0-0-1.lab', fullName],
  invalid: [...hostLabelCases.invalid, 'a..b', '.lab', 'lab.', `${fullName}e`, `${long(64)}.lab`],
};

/** A quiz terminal's YAML (as JSON, which YAML reads) and the lab spec the setup script takes, around one value. */
interface Field {
  /** Where `content validate` says the value is wrong. */
  name: string;
  cases: { valid: string[]; invalid: string[] };
  contract: (value: string) => boolean;
  terminal: (value: string) => Record<string, unknown>;
  spec: (value: string) => Partial<LabSetup>;
}

const ok = (schema: { safeParse: (value: unknown) => { success: boolean } }) => (value: unknown) =>
  schema.safeParse(value).success;
const file = (attributes: Record<string, string>) => ({
  terminal: { files: { '/tmp/f': { content: 'x', ...attributes } } },
  spec: { files: [{ path: '/tmp/f', content: 'x', ...attributes }] },
});
const network = { address: '10.10.0.5/24' };

const fields: Field[] = [
  {
    name: 'terminal.user',
    cases: accountNames,
    contract: ok(labAccountName),
    terminal: (user) => ({ user }),
    spec: (user) => ({ user }),
  },
  ...(['owner', 'group'] as const).map((attribute): Field => ({
    name: `terminal.files./tmp/f.${attribute}`,
    cases: accountNames,
    contract: ok(labAccountName),
    terminal: (name) => file({ [attribute]: name }).terminal,
    spec: (name) => file({ [attribute]: name }).spec,
  })),
  {
    name: 'terminal.accounts.0.name',
    cases: accountNames,
    contract: (name) => ok(labAccount)({ name, password: 'pw' }),
    terminal: (name) => ({ accounts: [{ name, password: 'pw' }] }),
    spec: (name) => ({ accounts: [{ name, password: 'pw' }] }),
  },
  {
    name: 'terminal.services.0.user',
    cases: accountNames,
    contract: (user) => ok(labService)({ name: 'web', user, command: 'true' }),
    terminal: (user) => ({ services: [{ name: 'web', user, command: 'true' }] }),
    spec: (user) => ({ services: [{ name: 'web', user, command: 'true' }] }),
  },
  {
    name: 'terminal.files./tmp/f.mode',
    cases: modes,
    contract: ok(labFileMode),
    terminal: (mode) => file({ mode }).terminal,
    spec: (mode) => file({ mode }).spec,
  },
  {
    name: 'terminal.hostname',
    cases: { valid: hostLabelCases.valid, invalid: [...hostLabelCases.invalid, 'shop.lab'] },
    contract: ok(labHostLabel),
    terminal: (hostname) => ({ hostname }),
    spec: (hostname) => ({ hostname }),
  },
  {
    name: 'terminal.hosts.0.name',
    cases: hostNames,
    contract: (name) => ok(labHost)({ name, address: '10.10.0.20' }),
    terminal: (name) => ({ network, hosts: [{ name, address: '10.10.0.20' }] }),
    spec: (name) => ({ network, hosts: [{ name, address: '10.10.0.20' }] }),
  },
  {
    name: 'terminal.hosts.0.aliases.0',
    cases: hostNames,
    contract: (alias) => ok(labHost)({ name: 'db', address: '10.10.0.20', aliases: [alias] }),
    terminal: (alias) => ({ network, hosts: [{ name: 'db', address: '10.10.0.20', aliases: [alias] }] }),
    spec: (alias) => ({ network, hosts: [{ name: 'db', address: '10.10.0.20', aliases: [alias] }] }),
  },
];

const cases = fields.flatMap((field) => [
  ...field.cases.valid.map((value) => ({ field, value, valid: true })),
  ...field.cases.invalid.map((value) => ({ field, value, valid: false })),
]);
const label = ({ field, value }: (typeof cases)[number]) => `${field.name} ${JSON.stringify(value)}`;

const identity = { hostname: 'workstation', user: 'student', cwd: '/tmp' };

function setupTakes(field: Field, value: string): boolean {
  try {
    buildSetupScript({ ...identity, files: [], ...field.spec(value) });
    return true;
  } catch (error) {
    if (error instanceof LabSpecError) return false;
    throw error;
  }
}

/** Loads one quiz per case from a content folder: the cases whose quiz has a problem. */
async function contentRefuses(): Promise<Set<string>> {
  const files: Record<string, string> = {
    'courses/rules/course.yaml': courseYaml('Rules'),
    'courses/rules/01-cases/module.yaml': moduleYaml('Cases'),
  };
  cases.forEach((entry, index) => {
    const terminal = { ...identity, entries: [{ command: 'true', output: '' }], ...entry.field.terminal(entry.value) };
    const number = String(index).padStart(3, '0');
    const name = `courses/rules/01-cases/${number}-case-${number}.quiz.yaml`;
    files[name] = quizYaml(`Case ${index}`, 'x', `terminal: ${JSON.stringify(terminal)}`);
  });
  const root = await folders.create(files);
  const { problems } = await loadContent(root);
  const refused = new Set<string>();
  for (const problem of problems) {
    const index = /-case-(\d{3})\.quiz\.yaml$/.exec(problem.file)?.[1];
    const entry = index === undefined ? undefined : cases[Number(index)];
    if (!entry?.field || !problem.message.startsWith(`${entry.field.name}: `))
      throw new Error(`a problem other than the case's: ${problem.file}: ${problem.message}`);
    refused.add(label(entry));
  }
  return refused;
}

const folders = new TempFolders();
afterAll(() => folders.cleanup());

describe('the lab rules', () => {
  it('take and refuse the same names and modes in the contract, the content and the setup script', async () => {
    const refusedByContent = await contentRefuses();
    const verdicts = cases.map((entry) => ({
      case: label(entry),
      contract: entry.field.contract(entry.value),
      content: !refusedByContent.has(label(entry)),
      setup: setupTakes(entry.field, entry.value),
    }));
    const expected = cases.map((entry) => ({
      case: label(entry),
      contract: entry.valid,
      content: entry.valid,
      setup: entry.valid,
    }));
    expect(verdicts).toEqual(expected);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolFiles, type LabSetup } from '@bastion/labs';
import { axeViolations } from '@test/axe.ts';
import { renderWithApp } from '@test/render-app.tsx';
import { fakeLab, fakeReadyState, type FakeLab } from '@test/fake-lab.ts';
import { readyStateKey } from '@/lib/lab/lab-size.ts';
import { LabEnvironmentContext } from './lab-environment.tsx';
import { LabPanel } from './lab-panel.tsx';
import { stubMatchMedia } from '@test/match-media.ts';

const SETUP: LabSetup = {
  hostname: 'lab',
  user: 'student',
  cwd: '/home/student',
  files: [{ path: '/home/student/app.conf', content: 'db_port=5432\n' }],
};
const FILES = { '/home/student/app.conf': 'db_port=5432\n' };

function renderLab(lab: FakeLab, tools?: string[]) {
  const view = renderWithApp(
    <LabEnvironmentContext value={lab.environment}>
      <LabPanel label="student@lab" intro="A real machine." loadSetup={() => Promise.resolve(SETUP)} tools={tools} />
    </LabEnvironmentContext>,
  );
  return { ...view, user: userEvent.setup() };
}

/** What the terminal shows (xterm's rows as text). */
const screenText = () => document.querySelector('.xterm-rows')?.textContent ?? '';

/** Types into the terminal as the learner would: xterm's helper textarea has the keyboard focus. */
async function typeInLab(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = screen.getByRole('textbox', { name: 'Lab terminal, student@lab' });
  await user.click(input);
  await user.keyboard(text);
}

describe('lab panel', () => {
  // jsdom has no matchMedia; xterm asks it for the pixel ratio, the panel for reduced motion.
  beforeEach(() => stubMatchMedia());
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the files of the tools the lab names once its prompt shows', async () => {
    const lab = fakeLab({ files: FILES });
    const { user } = renderLab(lab, ['curl']);
    await user.click(screen.getByRole('button', { name: 'Start lab' }));
    await waitFor(() => expect(lab.machines[0]?.prefetches).toHaveLength(1), { timeout: 5000 });
    expect(lab.machines[0]?.prefetches[0]).toEqual({ paths: toolFiles(['curl']), atPrompt: true });
    expect(toolFiles(['curl'])).toContain('/usr/bin/curl');
  });

  it('boots cold, saves the machine at its ready point, sets the lab up and hands the learner a shell', async () => {
    const lab = fakeLab({ files: FILES });
    const { user } = renderLab(lab);
    expect(lab.machines).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Start lab' }));
    // Shown while it starts (findBy fails if it never is); a fast start may replace it before the next line.
    await screen.findByText(/Downloading the lab machine|Starting Linux|Putting your files/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled(), { timeout: 5000 });
    const [machine] = lab.machines;
    expect(machine?.boots).toEqual(['image']);
    // The ready state, and the lab's own at its first prompt.
    expect(lab.cache.puts).toHaveLength(2);
    expect(lab.cache.puts[0]).toBe(readyStateKey);
    expect(machine?.setups[0]).toContain('/home/student/app.conf');
    expect(machine?.setups[0]).toContain('stty cols');
    await waitFor(() => expect(screenText()).toContain('$'));
    // Nothing of the handshake reaches the learner's screen.
    expect(screenText()).not.toContain('@@BASTION');

    await typeInLab(user, 'cat /home/student/app.conf{Enter}');
    await waitFor(() => expect(screenText()).toContain('db_port=5432'));
  });

  it('restores a saved machine instead of booting, and resets the lab to its own saved state', async () => {
    const lab = fakeLab({ cachedStates: { [readyStateKey]: fakeReadyState() }, files: FILES });
    const { user } = renderLab(lab);
    await user.click(screen.getByRole('button', { name: 'Start lab' }));
    const reset = await screen.findByRole('button', { name: 'Reset' });
    await waitFor(() => expect(reset).toBeEnabled(), { timeout: 5000 });
    const [machine] = lab.machines;
    expect(machine?.boots).toEqual(['state']);
    expect(lab.cache.puts).toHaveLength(1);

    // Nothing typed yet: nothing to lose, no question.
    await user.click(reset);
    await waitFor(() => expect(machine?.restores).toBe(1));
    await waitFor(() => expect(reset).toBeEnabled());

    await typeInLab(user, 'ls -l{Enter}');
    await waitFor(() => expect(screenText()).toContain('app.conf'));
    // The learner's work is asked about before it is wiped; Cancel keeps it.
    await user.click(reset);
    const dialog = await screen.findByRole('dialog', { name: 'Reset the lab?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(machine?.restores).toBe(1);
    expect(screenText()).toContain('app.conf');
    await user.click(reset);
    await user.click(await screen.findByRole('button', { name: 'Reset lab' }));
    await waitFor(() => expect(machine?.restores).toBe(2));
    await waitFor(() => expect(reset).toBeEnabled());
    // The lab's own state: the guest at its first prompt, set up once.
    expect(machine?.setups).toHaveLength(1);
    await waitFor(() => expect(screenText()).toContain('$'));
    // A reset starts a new session on a clean screen.
    expect(screenText()).not.toContain('app.conf');
  });

  it('a running lab has no axe violations, and Shift+Tab leaves the terminal', async () => {
    const lab = fakeLab({ files: FILES });
    const { user } = renderLab(lab);
    await user.click(screen.getByRole('button', { name: 'Start lab' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled(), { timeout: 5000 });
    expect(await axeViolations()).toEqual([]);
    const terminal = screen.getByRole('textbox', { name: 'Lab terminal, student@lab' });
    await user.click(terminal);
    expect(terminal).toHaveFocus();
    await user.tab({ shift: true });
    expect(terminal).not.toHaveFocus();
  });

  it('turns on xterm’s screen reader mode from its toggle', async () => {
    const { user } = renderLab(fakeLab({ files: FILES }));
    await user.click(screen.getByRole('button', { name: 'Start lab' }));
    const toggle = await screen.findByRole('button', { name: 'Screen reader mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.querySelector('.xterm-accessibility')).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(document.querySelector('.xterm-accessibility')).not.toBeNull());
  });

  it('says so when the browser has no WebAssembly, and offers no start', async () => {
    renderLab(fakeLab({ unsupported: 'webassembly' }));
    expect(await screen.findByText(/This browser cannot run the lab: it has no WebAssembly/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start lab' })).not.toBeInTheDocument();
  });

  it('says so when the browser’s WebAssembly lacks what the emulator needs, naming the browsers that have it', async () => {
    renderLab(fakeLab({ unsupported: 'webassembly-features' }));
    expect(
      await screen.findByText(
        /its WebAssembly lacks features the lab's machine needs, which Chrome or Edge 91, Firefox 89, Safari 16.4 or later have/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start lab' })).not.toBeInTheDocument();
  });

  it('names the browsers a lab runs in beside Start', async () => {
    renderLab(fakeLab({ files: FILES }));
    expect(
      await screen.findByText('Works in Chrome or Edge 91, Firefox 89, Safari 16.4 or later.'),
    ).toBeInTheDocument();
  });

  it('says so when the device has too little memory', async () => {
    renderLab(fakeLab({ unsupported: 'memory' }));
    expect(await screen.findByText(/This device has too little memory for the lab/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start lab' })).not.toBeInTheDocument();
  });

  it('explains a machine that runs out of memory, and starts on a second try', async () => {
    const lab = fakeLab({ failures: ['memory'], files: FILES });
    const { user } = renderLab(lab);
    await user.click(screen.getByRole('button', { name: 'Start lab' }));
    expect(await screen.findByText(/The lab ran out of memory/)).toBeInTheDocument();
    expect(lab.machines[0]?.stopped).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled(), { timeout: 5000 });
    expect(screen.queryByText(/The lab ran out of memory/)).not.toBeInTheDocument();
  });

  it('stops the machine when the page goes', async () => {
    const lab = fakeLab({ files: FILES });
    const { user, unmount } = renderLab(lab);
    await user.click(screen.getByRole('button', { name: 'Start lab' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled(), { timeout: 5000 });
    act(() => unmount());
    expect(lab.machines[0]?.stopped).toBe(true);
  });
});

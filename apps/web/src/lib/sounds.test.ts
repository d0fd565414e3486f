import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSoundPlayer, SOUNDS, type SoundName } from './sounds.ts';

/** A stand-in AudioContext that records the oscillators started on it. */
function fakeAudio(initialState: AudioContextState, resume: () => Promise<void> = () => Promise.resolve()) {
  const started: number[] = [];
  const created: FakeContext[] = [];
  const param = () => ({ setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });

  class FakeContext {
    state: AudioContextState = initialState;
    currentTime = 0;
    destination = {};
    resume = vi.fn(async () => {
      await resume();
      this.state = 'running';
    });
    constructor() {
      created.push(this);
    }
    createOscillator() {
      const frequency = param();
      return {
        type: 'sine',
        frequency,
        connect: vi.fn(),
        start: () => started.push(frequency.setValueAtTime.mock.calls[0]?.[0] as number),
        stop: vi.fn(),
      };
    }
    createGain() {
      return { gain: param(), connect: vi.fn() };
    }
  }

  return { Constructor: FakeContext as unknown as new () => AudioContext, started, created };
}

describe('sounds', () => {
  afterEach(() => vi.useRealTimers());

  it.each(Object.keys(SOUNDS) as SoundName[])('plays the %s sound on a running context', (name) => {
    const audio = fakeAudio('running');
    createSoundPlayer(() => audio.Constructor).play(name);
    expect(audio.started).toEqual(SOUNDS[name].map((note) => note.frequency));
  });

  it('creates no context before the first user gesture, then plays', () => {
    const audio = fakeAudio('running');
    let gestured = false;
    const player = createSoundPlayer(
      () => audio.Constructor,
      () => gestured,
    );
    player.play('notification');
    expect(audio.created).toHaveLength(0);
    gestured = true;
    player.play('notification');
    expect(audio.created).toHaveLength(1);
    expect(audio.started).toEqual([880, 1318.5]);
  });

  it('creates one context and reuses it', () => {
    const audio = fakeAudio('running');
    const player = createSoundPlayer(() => audio.Constructor);
    player.play('success');
    player.play('error');
    expect(audio.created).toHaveLength(1);
  });

  it('plays when a just-created context starts at once', async () => {
    const audio = fakeAudio('suspended');
    createSoundPlayer(() => audio.Constructor).play('notification');
    expect(audio.started).toEqual([]);
    await vi.waitFor(() => expect(audio.started).toEqual([880, 1318.5]));
  });

  it('stays silent while the browser does not allow sound, without queueing it for later', async () => {
    vi.useFakeTimers();
    let allow: () => void = () => {};
    const audio = fakeAudio('suspended', () => new Promise<void>((resolve) => (allow = resolve)));
    const player = createSoundPlayer(() => audio.Constructor);
    player.play('achievement');
    await vi.advanceTimersByTimeAsync(5_000);
    allow(); // the learner clicks much later: the old sound must not burst out then
    await vi.advanceTimersByTimeAsync(0);
    expect(audio.started).toEqual([]);
  });

  it('stays silent when resuming is refused (NotAllowedError)', async () => {
    const audio = fakeAudio('suspended', () =>
      Promise.reject(new DOMException('The AudioContext was not allowed to start.', 'NotAllowedError')),
    );
    expect(() => createSoundPlayer(() => audio.Constructor).play('success')).not.toThrow();
    await Promise.resolve();
    expect(audio.started).toEqual([]);
  });

  it('resumes a suspended context on the next user gesture', async () => {
    const audio = fakeAudio('suspended', () => new Promise<void>(() => {}));
    createSoundPlayer(() => audio.Constructor).play('success');
    const context = audio.created[0]!;
    expect(context.resume).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    expect(context.resume).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('pointerdown'));
    expect(context.resume).toHaveBeenCalledTimes(2);
  });

  it('does nothing without Web Audio, or when the context cannot be created', () => {
    expect(() => createSoundPlayer(() => undefined).play('error')).not.toThrow();
    const Throwing = function () {
      throw new DOMException('No audio device', 'NotSupportedError');
    } as unknown as new () => AudioContext;
    expect(() => createSoundPlayer(() => Throwing).play('error')).not.toThrow();
  });

  it('stays silent on a closed context', () => {
    const audio = fakeAudio('closed');
    createSoundPlayer(() => audio.Constructor).play('notification');
    expect(audio.started).toEqual([]);
    expect(audio.created[0]!.resume).not.toHaveBeenCalled();
  });
});

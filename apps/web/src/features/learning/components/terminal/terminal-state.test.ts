import { describe, expect, it } from 'vitest';
import {
  initialTerminalState,
  outputLines,
  terminalReducer,
  tickDelay,
  YOUR_TURN,
  type Recording,
} from './terminal-state.ts';

const recording: Recording = {
  prompts: ['student@lab:~$', 'student@lab:~$', 'student@lab:~$'],
  entries: [
    { command: 'ls', output: 'a  b\n' },
    { command: 'id', output: 'uid=1000(student)' },
  ],
};

const texts = (state: ReturnType<typeof initialTerminalState>) =>
  state.lines.map((line) => `${line.prompt ? `${line.prompt} ` : ''}${line.text}`);

describe('terminal replay state', () => {
  it('without animation shows the whole recording and the hand-over line', () => {
    const state = initialTerminalState(recording, false);
    expect(state.playing).toBeNull();
    expect(texts(state)).toEqual(['student@lab:~$ ls', 'a  b', 'student@lab:~$ id', 'uid=1000(student)', YOUR_TURN]);
  });

  it('types each command a character at a time, then shows its output', () => {
    let state = initialTerminalState(recording, true);
    expect(state.playing).toEqual({ entry: 0, chars: 0, stage: 'typing' });
    expect(tickDelay(state, recording)).toBe(38);
    state = terminalReducer(state, { type: 'tick', recording });
    state = terminalReducer(state, { type: 'tick', recording });
    expect(state.playing).toEqual({ entry: 0, chars: 2, stage: 'typing' });
    expect(tickDelay(state, recording)).toBe(320);
    state = terminalReducer(state, { type: 'tick', recording });
    expect(state.playing?.stage).toBe('output');
    state = terminalReducer(state, { type: 'tick', recording });
    expect(texts(state)).toEqual(['student@lab:~$ ls', 'a  b']);
    expect(state.playing).toEqual({ entry: 1, chars: 0, stage: 'typing' });
    for (let i = 0; i < 4; i += 1) state = terminalReducer(state, { type: 'tick', recording });
    expect(state.playing).toBeNull();
    expect(tickDelay(state, recording)).toBeNull();
    expect(texts(state).at(-1)).toBe(YOUR_TURN);
  });

  it('skip finishes from the entry being typed; restart begins again', () => {
    let state = initialTerminalState(recording, true);
    state = terminalReducer(state, { type: 'tick', recording });
    state = terminalReducer(state, { type: 'skip', recording });
    expect(texts(state)).toEqual(
      initialTerminalState(recording, false).lines.map((l) => `${l.prompt ? `${l.prompt} ` : ''}${l.text}`),
    );
    expect(terminalReducer(state, { type: 'skip', recording })).toBe(state);
    expect(terminalReducer(state, { type: 'restart', recording, animate: true }).lines).toEqual([]);
  });

  it('splits output into lines without a trailing empty one', () => {
    expect(outputLines('a\nb\n').map((l) => l.text)).toEqual(['a', 'b']);
    expect(outputLines('a\n\nb').map((l) => l.text)).toEqual(['a', '', 'b']);
    expect(outputLines('')).toEqual([]);
  });
});

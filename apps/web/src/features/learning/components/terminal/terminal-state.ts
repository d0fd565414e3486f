/** What the recording shows and where its replay is. */
export interface TerminalLine {
  id: number;
  kind: 'input' | 'output' | 'info';
  /** The prompt before an input line. */
  prompt?: string;
  text: string;
}

export interface TerminalViewState {
  lines: TerminalLine[];
  nextId: number;
  /** The recorded entry being typed out, or null once the replay is over. */
  playing: { entry: number; chars: number; stage: 'typing' | 'output' } | null;
}

export interface Recording {
  /** The prompt before each entry, and one after the last (the directory follows each `cd`). */
  prompts: string[];
  entries: { command: string; output: string }[];
}

export type TerminalAction =
  | { type: 'tick'; recording: Recording }
  | { type: 'skip'; recording: Recording }
  | { type: 'restart'; recording: Recording; animate: boolean };

/** The screen keeps its last lines only, like a terminal's scrollback. */
export const SCROLLBACK = 1000;

export const YOUR_TURN = 'End of the recording. Start the lab to explore the files yourself.';

function append(state: TerminalViewState, lines: Omit<TerminalLine, 'id'>[]): TerminalViewState {
  let nextId = state.nextId;
  const added = lines.map((line) => ({ ...line, id: nextId++ }));
  return { ...state, lines: [...state.lines, ...added].slice(-SCROLLBACK), nextId };
}

/** Output text as screen lines: one per newline, without the final empty one. */
export function outputLines(text: string): Omit<TerminalLine, 'id'>[] {
  if (text === '') return [];
  const parts = text.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts.map((part) => ({ kind: 'output' as const, text: part }));
}

function entryLines(recording: Recording, index: number): Omit<TerminalLine, 'id'>[] {
  const entry = recording.entries[index];
  if (!entry) return [];
  return [{ kind: 'input', prompt: recording.prompts[index], text: entry.command }, ...outputLines(entry.output)];
}

function finish(state: TerminalViewState, from: number, recording: Recording): TerminalViewState {
  const rest = recording.entries.flatMap((_, index) => (index >= from ? entryLines(recording, index) : []));
  return { ...append(state, [...rest, { kind: 'info', text: YOUR_TURN }]), playing: null };
}

export function initialTerminalState(recording: Recording, animate: boolean): TerminalViewState {
  const empty: TerminalViewState = { lines: [], nextId: 1, playing: null };
  if (!animate || recording.entries.length === 0) return finish(empty, 0, recording);
  return { ...empty, playing: { entry: 0, chars: 0, stage: 'typing' } };
}

/** How long to wait before the next tick of the replay (ms). */
export function tickDelay(state: TerminalViewState, recording: Recording): number | null {
  const playing = state.playing;
  if (!playing) return null;
  if (playing.stage === 'output') return 180;
  const command = recording.entries[playing.entry]?.command ?? '';
  return playing.chars < command.length ? 38 : 320;
}

export function terminalReducer(state: TerminalViewState, action: TerminalAction): TerminalViewState {
  switch (action.type) {
    case 'tick': {
      const playing = state.playing;
      if (!playing) return state;
      const entry = action.recording.entries[playing.entry];
      if (!entry) return finish(state, playing.entry, action.recording);
      if (playing.stage === 'typing') {
        if (playing.chars < entry.command.length)
          return { ...state, playing: { ...playing, chars: playing.chars + 1 } };
        return { ...state, playing: { ...playing, stage: 'output' } };
      }
      const next = append(state, entryLines(action.recording, playing.entry));
      if (playing.entry + 1 >= action.recording.entries.length)
        return finish(next, action.recording.entries.length, action.recording);
      return { ...next, playing: { entry: playing.entry + 1, chars: 0, stage: 'typing' } };
    }
    case 'skip':
      return state.playing ? finish(state, state.playing.entry, action.recording) : state;
    case 'restart':
      return initialTerminalState(action.recording, action.animate);
  }
}

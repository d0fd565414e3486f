import type { FileSystem } from './file-system.ts';

/** A quiz's terminal (contract §4 `terminal_content`). */
export interface TerminalSession {
  hostname: string;
  user: string;
  cwd: string;
  entries: { command: string; output: string }[];
  files: Record<string, string>;
}

export interface ShellState {
  cwd: string;
  oldPwd: string | null;
  /** `$?`: the exit status of the last command. */
  status: number;
}

export interface OutputChunk {
  stream: 'out' | 'err';
  text: string;
}

export interface RunResult {
  state: ShellState;
  output: OutputChunk[];
  /** `clear` empties the screen. */
  clear: boolean;
}

export interface CommandContext {
  fs: FileSystem;
  cwd: string;
  oldPwd: string | null;
  home: string;
  user: string;
  hostname: string;
  /** What a pipe or `<` feeds in; null when input would come from the keyboard. */
  stdin: string | null;
  /** Output goes to a pipe or file rather than the screen (ls then prints one name a line). */
  piped: boolean;
}

export interface CommandResult {
  out: OutputChunk[];
  code: number;
  cwd?: string;
  oldPwd?: string | null;
  clear?: boolean;
}

export type Command = (args: string[], context: CommandContext) => CommandResult;

export const out = (text: string): OutputChunk => ({ stream: 'out', text });
export const err = (text: string): OutputChunk => ({ stream: 'err', text: text.endsWith('\n') ? text : `${text}\n` });
export const done = (chunks: OutputChunk[], code = 0): CommandResult => ({ out: chunks, code });
/** The lines of a text, each with its newline (the last may lack one). */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}
export const stripNewline = (line: string) => (line.endsWith('\n') ? line.slice(0, -1) : line);
export const withNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

export const NO_KEYBOARD = 'reading from the keyboard is not supported here: give a file name or pipe text in';

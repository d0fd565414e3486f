// docs/labs.md, "Starting and restoring": the files of the tools a lab's recording and solution run, fetched in the
// background once its prompt shows, so that the learner's first run of a tool does not wait for its download.
import recorded from '../../../labs/ready-state/tool-files.json';

/** Which image files each tool reads when it runs (node/tool-files.ts records them), and the ready state it ran from. */
export interface ToolFilesRecord {
  /** The SHA-256 of the ready state the tools ran from (ready-state.json's `sha256`). */
  readyState: string;
  tools: Record<string, string[]>;
}

export const toolFilesRecord: ToolFilesRecord = recorded;

/** Characters that may stand before a program's name on a command line, and after it. */
const before = String.raw`(?:^|[\s;&|(\`'"/])`;
const after = String.raw`(?=$|[\s;&|)\`'"])`;

/**
 * The image's tools (those `toolFilesRecord` knows) that `commands` run, in the record's order: a name counts where a
 * command line could run it (`sudo nmap`, `$(curl …)`, `/usr/bin/dig`), not inside a longer word or a path.
 */
export function toolsNamedIn(commands: readonly string[]): string[] {
  const text = commands.join('\n');
  return Object.keys(toolFilesRecord.tools).filter((tool) =>
    new RegExp(`${before}${tool.replace(/[.+-]/g, '\\$&')}${after}`, 'm').test(text),
  );
}

/** The image files `tools` read, each once. */
export function toolFiles(tools: readonly string[]): string[] {
  return [...new Set(tools.flatMap((tool) => toolFilesRecord.tools[tool] ?? []))];
}

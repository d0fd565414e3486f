/** GNU-style option parsing: combined short flags (`-rin`), values (`-n 5`, `-n5`, `--lines=5`), `--`, and options after operands. */
export interface OptionSpec {
  /** Short flags without a value, e.g. 'alh1'. */
  flags: string;
  /** Short options that take a value, e.g. 'n'. */
  values?: string;
  /** Long names mapped to their short letter: { all: 'a', lines: 'n' }. */
  long?: Record<string, string>;
  /** `-5` means `-n 5` (head, tail). */
  numberOption?: string;
}

export interface ParsedOptions {
  flags: Set<string>;
  values: Map<string, string>;
  /** Every value given to each option, in order (grep -e A -e B). */
  lists: Map<string, string[]>;
  operands: string[];
}

export type OptionResult = { ok: true; options: ParsedOptions } | { ok: false; error: string };

const tryHelp = (command: string) => `Try '${command} --help' for more information.`;

export function parseOptions(command: string, args: string[], spec: OptionSpec): OptionResult {
  const options: ParsedOptions = { flags: new Set(), values: new Map(), lists: new Map(), operands: [] };
  const setValue = (letter: string, value: string) => {
    options.values.set(letter, value);
    options.lists.set(letter, [...(options.lists.get(letter) ?? []), value]);
  };
  const values = spec.values ?? '';
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--') {
      options.operands.push(...args.slice(index + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const [name = '', inline] = arg.slice(2).split(/=(.*)/s);
      const letter = spec.long?.[name];
      if (letter === undefined)
        return { ok: false, error: `${command}: unrecognized option '${arg}'\n${tryHelp(command)}` };
      if (values.includes(letter)) {
        const value = inline ?? args[index + 1];
        if (value === undefined) {
          return { ok: false, error: `${command}: option '--${name}' requires an argument\n${tryHelp(command)}` };
        }
        if (inline === undefined) index += 1;
        setValue(letter, value);
      } else options.flags.add(letter);
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      options.operands.push(arg);
      continue;
    }
    if (spec.numberOption && /^-\d+$/.test(arg)) {
      setValue(spec.numberOption, arg.slice(1));
      continue;
    }
    for (let position = 1; position < arg.length; position += 1) {
      const letter = arg[position] as string;
      if (values.includes(letter)) {
        const rest = arg.slice(position + 1);
        const value = rest !== '' ? rest : args[index + 1];
        if (value === undefined) {
          return { ok: false, error: `${command}: option requires an argument -- '${letter}'\n${tryHelp(command)}` };
        }
        if (rest === '') index += 1;
        setValue(letter, value);
        break;
      }
      if (!spec.flags.includes(letter)) {
        return { ok: false, error: `${command}: invalid option -- '${letter}'\n${tryHelp(command)}` };
      }
      options.flags.add(letter);
    }
  }
  return { ok: true, options };
}

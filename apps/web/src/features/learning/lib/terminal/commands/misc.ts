import { done, err, out, type Command } from '../types.ts';

export const whoami: Command = (args, context) => {
  if (args.length > 0)
    return done([err(`whoami: extra operand '${args[0]}'\nTry 'whoami --help' for more information.`)], 1);
  return done([out(`${context.user}\n`)]);
};

export const hostname: Command = (_args, context) => done([out(`${context.hostname}\n`)]);

/** The learner's ids: root is 0, anyone else 1000, in a group of their own name. */
export const id: Command = (args, context) => {
  const name = args.find((arg) => !arg.startsWith('-')) ?? context.user;
  if (name !== context.user && name !== 'root') return done([err(`id: '${name}': no such user`)], 1);
  const number = name === 'root' ? 0 : 1000;
  const flags = args.filter((arg) => arg.startsWith('-')).join('');
  if (flags.includes('u')) return done([out(`${flags.includes('n') ? name : number}\n`)]);
  if (flags.includes('g')) return done([out(`${flags.includes('n') ? name : number}\n`)]);
  return done([out(`uid=${number}(${name}) gid=${number}(${name}) groups=${number}(${name})\n`)]);
};

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', '\\': '\\', a: '', b: '', r: '', v: '\v', f: '\f', e: '' };

/** echo [-neE] TEXT…: only arguments made of those letters are options, as in bash's builtin. */
export const echo: Command = (args) => {
  let newline = true;
  let escapes = false;
  let index = 0;
  while (index < args.length && /^-[neE]+$/.test(args[index] as string)) {
    for (const letter of (args[index] as string).slice(1)) {
      if (letter === 'n') newline = false;
      else escapes = letter === 'e';
    }
    index += 1;
  }
  let text = args.slice(index).join(' ');
  if (escapes) text = text.replace(/\\([ntabrvfe\\])/g, (_match, letter: string) => ESCAPES[letter] ?? '');
  return done([out(newline ? `${text}\n` : text)]);
};

export const clear: Command = () => ({ out: [], code: 0, clear: true });

export const HELP_TEXT = `This practice terminal is read-only. Commands:
  ls [-alhR1F] [PATH…]     list a directory
  cd [DIR]                 change directory (cd, cd ~, cd .., cd -)
  pwd                      print the working directory
  cat [-n] FILE…           print files
  head|tail [-n N] FILE…   first or last lines (tail -n +N: from line N)
  grep [-inrvcwlo] PATTERN [FILE…]   search text (-E extended, -F fixed)
  find [PATH] [-name P] [-iname P] [-type f|d] [-maxdepth N]
  wc [-lwc] [FILE…]        count lines, words and bytes
  whoami, id, hostname     who and where you are
  echo [-n] TEXT           print text ($HOME, $USER, $PWD work)
  clear                    clear the screen (or press Ctrl+L)
  help                     this list
Pipes (|), ; && || and 2>/dev/null work. Up and Down recall earlier commands; Tab completes names.
`;

export const help: Command = () => done([out(HELP_TEXT)]);

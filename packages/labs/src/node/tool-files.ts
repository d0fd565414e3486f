// docs/labs.md, "Starting and restoring": the files of the image's tools, fetched once a lab's prompt shows.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { ToolFilesRecord } from '../image-tools.ts';
import { labImageFiles } from './lab-image.ts';
import { LabRunner } from './lab-runner.ts';
import { readShippedReadyStateRecord, shippedReadyStateDir } from './shipped-ready-state.ts';

/**
 * The image's programs a lab's recording or solution may run, by the name a command line gives them, and a run of
 * each as a learner's would (what it reads at start, and the data files its usual use reads: nmap's service probes,
 * file's magic). Programs whose files come to less than 0.25 MB downloaded (grep, sed, nc, xxd) and those the ready
 * state has read already (bash, coreutils, openssl, ip) are left out: their first use costs little.
 */
export const toolRuns: Readonly<Record<string, string>> = {
  nmap: 'nmap -sT -sV -p 1 127.0.0.1',
  nping: 'nping --version',
  curl: 'curl -s -o /dev/null http://127.0.0.1:1/',
  dig: 'dig -v',
  host: 'host -V',
  nslookup: 'nslookup -version',
  tcpdump: 'tcpdump --version',
  ssh: 'ssh -V',
  'ssh-keygen': 'ssh-keygen -l -f /etc/ssh/moduli 2>&1 | head -1',
  sqlite3: "sqlite3 :memory: 'select 1'",
  'redis-cli': 'redis-cli -v',
  python3: "python3 -c 'import urllib.request, json, hashlib, base64, http.client, socket, re, argparse'",
  awk: 'awk \'BEGIN { print length("x") }\'',
  gawk: 'gawk \'BEGIN { print length("x") }\'',
  file: 'file /bin/ls',
  tar: 'tar --version',
  man: 'man -w ls',
  nano: 'nano --version',
  vi: 'vi --version',
  ps: 'ps -e',
  ss: 'ss -tln',
};

const recordFile = path.join(shippedReadyStateDir, 'tool-files.json');

/** Each path of the image's root filesystem by its file's content name (the first path of a file held twice). */
export async function imagePathsByContent(): Promise<Map<string, string>> {
  type Entry = [string, number, number, number, number, number, Entry[] | string];
  const index = JSON.parse(await readFile(labImageFiles.rootfsIndex, 'utf8')) as { fsroot: Entry[] };
  const paths = new Map<string, string>();
  const walk = (entries: Entry[], prefix: string) => {
    for (const [name, , , , , , target] of entries) {
      const at = `${prefix}/${name}`;
      if (Array.isArray(target)) walk(target, at);
      else if (target.endsWith('.zst') && !paths.has(target)) paths.set(target, at);
    }
  };
  walk(index.fsroot, '');
  return paths;
}

/**
 * Runs each tool of `toolRuns` as the learner of a plain lab started from the shipped ready state, and records the
 * image files the guest reads for it: the files a page fetches for that tool once a lab's prompt shows.
 */
export async function recordToolFiles(): Promise<ToolFilesRecord> {
  const readyState = await readShippedReadyStateRecord();
  if (!readyState) throw new Error('No shipped ready state: run npm run labs:ready-state first.');
  const byContent = await imagePathsByContent();
  const runner = await LabRunner.ready();
  const tools: Record<string, string[]> = {};
  try {
    for (const [tool, command] of Object.entries(toolRuns)) {
      await runner.reset();
      await runner.provision({ hostname: 'lab', user: 'student', cwd: '/home/student', files: [] });
      const read = new Set<string>();
      const stop = runner.labMachine.watchFileReads((name) => read.add(name));
      await runner.run(command).finally(stop);
      tools[tool] = [...read].map((name) => byContent.get(name)).filter((at): at is string => at !== undefined);
    }
  } finally {
    await runner.destroy();
  }
  return { readyState: readyState.sha256, tools };
}

/** Writes labs/ready-state/tool-files.json (`npm run labs:tool-files`), as the repository's Prettier lays it out. */
export async function writeToolFiles(): Promise<ToolFilesRecord> {
  const record = await recordToolFiles();
  const options = await resolveConfig(recordFile);
  await writeFile(recordFile, await format(JSON.stringify(record), { ...options, filepath: recordFile }));
  return record;
}

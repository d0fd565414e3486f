// docs/labs.md, "A lab's setup": the setup arrives as a file in the 9p filesystem, not over the serial line.
import { fromBase64 } from './base64.ts';
import type { LabSpec } from './lab-spec.ts';
import { buildSetupScript, type SetupScriptOptions } from './setup-script.ts';

/** A guest root filesystem the host can put a file in (v86's 9p filesystem): how a setup can skip the serial line. */
export interface FileDrop {
  /** Puts `bytes` at `/<name>` in the guest's root filesystem. */
  putFile(name: string, bytes: Uint8Array): Promise<void>;
  /** Takes the file out again on the host's side, so that a state saved later does not carry it. */
  removeFile(name: string): void;
}

/** What the guest's handshake is sent to run: the setup script, or one line that runs it from a dropped file. */
export interface SetupDelivery {
  script: string;
  /** Called once the guest has run it: takes the dropped files out of the host's filesystem. */
  cleanUp(): void;
}

function randomName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `/.lab-setup-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The setup's way into the guest. The serial console carries about 60 KB a second in the emulated guest, a lab with
 * services sends 35 KB, and the handshake reads it line by line; files put in the 9p filesystem arrive at once: the
 * script, and a sealed part's bytes as they are (no base64 for the shell to decode). Names are new each time: the
 * overlay over the 9p root remembers names it has looked up. The script removes its files first (the shell reading
 * it keeps it open), so the learner never finds them; the host removes its copies after.
 */
export async function deliverSetup(
  link: Partial<FileDrop>,
  spec: LabSpec,
  options: SetupScriptOptions,
): Promise<SetupDelivery> {
  const { putFile, removeFile } = link;
  if (!putFile || !removeFile) return { script: buildSetupScript(spec, options), cleanUp: () => undefined };
  const sealedFile = spec.sealed ? randomName() : undefined;
  const scriptFile = randomName();
  const script = buildSetupScript(spec, { ...options, ...(sealedFile ? { sealedFile } : {}) });
  const files: [string, Uint8Array][] = [
    ...(spec.sealed && sealedFile ? [[sealedFile, fromBase64(spec.sealed.data)] as [string, Uint8Array]] : []),
    [scriptFile, new TextEncoder().encode(`rm -f ${scriptFile}\n${script}`)],
  ];
  for (const [name, bytes] of files) await putFile.call(link, name.slice(1), bytes);
  return {
    script: `. ${scriptFile}\n`,
    cleanUp: () => files.forEach(([name]) => removeFile.call(link, name.slice(1))),
  };
}

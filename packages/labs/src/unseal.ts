import { wrapLines } from './base64.ts';
import type { SealedScript } from './lab-spec.ts';
import { pythonStarter } from './lab-network.ts';
import { setupLineLength } from './protocol.ts';
import { shellQuote } from './shell-quote.ts';

/**
 * The image's file that the seal's key is derived from (docs/labs.md): the handshake the guest runs before every
 * setup. The key is its SHA-256, so it changes with the image's own code; the server reads it from the image's
 * index (`imageSealKey` in @bastion/labs/seal), which names every file by that hash.
 */
export const sealKeyFile = '/usr/lib/bastion/lab-handshake';

const sealDir = '/run/lab-seal';

/** The sealed script's first line: a part sealed for another image decrypts to something else. */
export const sealedHeader = '# a sealed lab part';

/**
 * The guest opens a sealed part as root, before the learner's shell exists: it derives the key from its image and
 * the salt and decrypts, then checks the first line (a part sealed for another image stops the setup), defines the
 * part's functions, and removes the clear text. The starter of the shipped ready state (python-starter.py) decrypts
 * with OpenSSL's library already loaded; a guest without it runs `sha256sum` twice and `openssl` (whose start costs
 * about a third of a second in the emulated guest, a tenth less without reading OpenSSL's configuration, which only
 * names its default provider). `dataFile`: where the host put the sealed bytes (setup-drop.ts); without it they come in the
 * script, in base64.
 */
export function unsealLines(sealed: SealedScript, dataFile?: string): string[] {
  const data = dataFile ?? `${sealDir}/data`;
  const request = JSON.stringify({ unseal: { salt: sealed.salt, data, out: `${sealDir}/part.sh` } });
  return [
    `mkdir -m 700 ${sealDir}`,
    ...(dataFile
      ? []
      : [`base64 -d > ${data} <<'@@SEALED@@'`, ...wrapLines(sealed.data, setupLineLength), '@@SEALED@@']),
    `if [ -p ${pythonStarter.requests} ]; then`,
    `  printf '%s\\n' ${shellQuote(request)} > ${pythonStarter.requests}`,
    `  read -r _ < ${pythonStarter.replies}`,
    'else',
    `  lab_image_key=$(sha256sum ${sealKeyFile})`,
    `  lab_key=$(printf 'enc%s%s' "\${lab_image_key%% *}" ${sealed.salt} | sha256sum)`,
    `  OPENSSL_CONF=/dev/null openssl enc -d -aes-256-ctr -K "\${lab_key%% *}" -iv ${sealed.salt} -in ${data} -out ${sealDir}/part.sh`,
    'fi',
    ...(dataFile ? [`rm -f ${dataFile}`] : []),
    `IFS= read -r lab_first < ${sealDir}/part.sh || :`,
    `[ "$lab_first" = ${shellQuote(sealedHeader)} ] || { echo 'The sealed part of this lab does not open in this image.'; exit 1; }`,
    `. ${sealDir}/part.sh`,
    `rm -r ${sealDir}`,
  ];
}

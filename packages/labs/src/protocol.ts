// Decision 0114: one generic image; each lab is a setup script the host sends it through this handshake.
/**
 * The serial handshake between the host and the guest's /init (labs/build/build-image.sh writes the guest side).
 * The guest prints `ready` once it waits for a setup, and again for every `ping` line it reads while waiting. The
 * host then sends `setup`, the setup script in base64 lines (or a line that runs it from a file the host put in the
 * guest's filesystem: setup-drop.ts), and `end`, then an empty line every so often until the
 * guest prints `received` (a serial line that arrived while the guest was busy can wait in its tty until another
 * one comes). The guest runs the script as root and prints `started` right before the learner's shell starts, or
 * `failed` and waits again. Meanwhile the script prints `stage` and a word as it goes (setup-stages.ts).
 */
export const labMarkers = {
  ready: '@@BASTION-LAB-READY@@',
  ping: '@@BASTION-LAB-PING@@',
  setup: '@@BASTION-LAB-SETUP@@',
  end: '@@BASTION-LAB-END@@',
  received: '@@BASTION-LAB-RECEIVED@@',
  started: '@@BASTION-LAB-STARTED@@',
  failed: '@@BASTION-LAB-FAILED@@',
  stage: '@@BASTION-LAB-STAGE@@',
} as const;

/** The guest prints it once it waits for its setup: the moment to save a machine state that any lab can start from. */
export const labReadyMarker = labMarkers.ready;

/** Base64 line length of the setup transfer: far under the 4095 bytes a canonical-mode tty line holds. */
export const setupLineLength = 76;

/**
 * The control port: the guest's second serial port (COM2, `/dev/ttyS1`), which the learner never types into. The
 * setup starts a root daemon on it (`/run/lab-control`, written by the setup script) that reads one command a line,
 * `<id> size <rows> <columns>` (the terminal's size: a serial console has no window-size signal) or
 * `<id> clock <epoch seconds>`, applies it and answers `<id> done`. The host sends a command again until its answer
 * comes: a line sent right after a state restore can be lost.
 */
export const controlPort = { index: 1, device: '/dev/ttyS1', daemon: '/run/lab-control' } as const;

/**
 * R9 sounds: notification, success, error and achievement. They are short tones synthesised with the
 * Web Audio API, so no audio file is downloaded, cached or licensed, and each is a few lines to tune.
 *
 * R4: sounds play only if the browser allows it. No AudioContext is created before the learner's
 * first gesture on the page (Chromium warns in the console about one created earlier), so a sound requested
 * then is skipped silently rather than queued. A context that still reports "suspended" is resumed by the
 * next click or key press.
 */
export type SoundName = 'notification' | 'success' | 'error' | 'achievement';

interface Note {
  /** Hz. */
  frequency: number;
  /** Seconds after the sound starts. */
  at: number;
  /** Seconds. */
  duration: number;
  type?: OscillatorType;
  /** Peak gain, 0–1. */
  volume?: number;
}

const VOLUME = 0.12;

export const SOUNDS: Record<SoundName, readonly Note[]> = {
  // Two soft rising blips.
  notification: [
    { frequency: 880, at: 0, duration: 0.12 },
    { frequency: 1318.5, at: 0.13, duration: 0.16 },
  ],
  // A quick major arpeggio.
  success: [
    { frequency: 523.25, at: 0, duration: 0.1 },
    { frequency: 659.25, at: 0.09, duration: 0.1 },
    { frequency: 783.99, at: 0.18, duration: 0.2 },
  ],
  // Two low falling tones.
  error: [
    { frequency: 311.13, at: 0, duration: 0.16, type: 'triangle' },
    { frequency: 207.65, at: 0.16, duration: 0.26, type: 'triangle' },
  ],
  // A short fanfare ending on a held chord.
  achievement: [
    { frequency: 523.25, at: 0, duration: 0.12, type: 'triangle' },
    { frequency: 659.25, at: 0.12, duration: 0.12, type: 'triangle' },
    { frequency: 783.99, at: 0.24, duration: 0.12, type: 'triangle' },
    { frequency: 1046.5, at: 0.36, duration: 0.5, type: 'triangle' },
    { frequency: 783.99, at: 0.36, duration: 0.5, volume: 0.05 },
    { frequency: 659.25, at: 0.36, duration: 0.5, volume: 0.05 },
  ],
};

type AudioContextConstructor = new () => AudioContext;

function defaultAudioContext(): AudioContextConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const scope = window as typeof window & { webkitAudioContext?: AudioContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/** Whether the page has had a user gesture (User Activation API); browsers without it are let through. */
function defaultHasUserGesture(): boolean {
  if (typeof navigator === 'undefined') return false;
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation?.hasBeenActive ?? true;
}

export interface SoundPlayer {
  /** Plays the sound when the browser allows it. Never throws. */
  play(name: SoundName): void;
}

/**
 * A context that is allowed to run may still report "suspended" for a moment after it is created; one
 * that is not allowed keeps its resume() pending until a gesture. A sound is only worth playing at once.
 */
const RESUME_GRACE_MS = 300;

/** A player over one AudioContext created after the first user gesture. The arguments are for tests. */
export function createSoundPlayer(
  getConstructor: () => AudioContextConstructor | undefined = defaultAudioContext,
  hasUserGesture: () => boolean = defaultHasUserGesture,
): SoundPlayer {
  let context: AudioContext | null = null;
  let unlockListening = false;

  // A user gesture is what lets a suspended context run; listen for the next one without holding the page.
  const listenForUnlock = () => {
    if (unlockListening || typeof window === 'undefined') return;
    unlockListening = true;
    const onGesture = () => {
      window.removeEventListener('pointerdown', onGesture, true);
      window.removeEventListener('keydown', onGesture, true);
      unlockListening = false;
      if (context?.state === 'suspended') context.resume().catch(() => {});
    };
    window.addEventListener('pointerdown', onGesture, true);
    window.addEventListener('keydown', onGesture, true);
  };

  const schedule = (audio: AudioContext, name: SoundName) => {
    try {
      const start = audio.currentTime + 0.01;
      for (const note of SOUNDS[name]) scheduleNote(audio, note, start);
    } catch {
      // A refused or broken audio engine: a sound is never worth an error.
    }
  };

  const play = (name: SoundName): void => {
    try {
      if (!context) {
        if (!hasUserGesture()) return;
        const Constructor = getConstructor();
        if (!Constructor) return;
        context = new Constructor();
      }
      const audio = context;
      if (audio.state === 'running') {
        schedule(audio, name);
        return;
      }
      if (audio.state !== 'suspended') return;
      // Not allowed yet (autoplay policy), or just created: play only if it starts running at once.
      const requestedAt = Date.now();
      audio
        .resume()
        .then(() => {
          if (audio.state === 'running' && Date.now() - requestedAt <= RESUME_GRACE_MS) schedule(audio, name);
        })
        .catch(() => {});
      listenForUnlock();
    } catch {
      // NotAllowedError, a missing audio device or an engine that refuses: stay silent.
    }
  };

  return { play };
}

function scheduleNote(context: AudioContext, note: Note, start: number): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  const begin = start + note.at;
  const end = begin + note.duration;
  const peak = note.volume ?? VOLUME;
  oscillator.type = note.type ?? 'sine';
  oscillator.frequency.setValueAtTime(note.frequency, begin);
  // A short attack and an exponential release, so notes do not click.
  gain.gain.setValueAtTime(0.0001, begin);
  gain.gain.exponentialRampToValueAtTime(peak, begin + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  oscillator.connect(gain);
  gain.connect(context.destination);
  oscillator.start(begin);
  oscillator.stop(end + 0.02);
}

const player = createSoundPlayer();

/** Plays one of the app's sounds if the browser allows it (R4, R9). */
export function playSound(name: SoundName): void {
  player.play(name);
}

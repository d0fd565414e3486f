import { useCallback } from 'react';
import { useEnrollModule } from './enroll-module.ts';

/** Where a learner acts in a module: whether they are enrolled, and the enrollment their first action makes. */
export interface Enrollment {
  enrolled: boolean;
  /** The module's title, for the note beside the action. */
  moduleTitle: string;
  /** Enrolling is under way (the action waits for it). */
  pending: boolean;
  /**
   * Enrolls the learner unless they are enrolled: true once they are, false when the enrollment failed (its
   * snackbar said why, R8 'Failed to enroll in the module.').
   */
  ensure(): Promise<boolean>;
}

// Decision 0058: completing, answering or taking a hint enrolls first; the line beside the control says so.
/**
 * A learner who completes a lesson, answers a quiz or takes a hint in a module they have not enrolled in is
 * enrolled by that action, as the platforms they know do, instead of meeting a disabled control.
 */
export function useEnrollFirst(module: { id: string; title: string; enrolled: boolean } | undefined): Enrollment {
  const { mutateAsync, isPending } = useEnrollModule();
  const { id = '', title = '', enrolled = false } = module ?? {};
  const ensure = useCallback(async () => {
    if (enrolled || !id) return enrolled;
    try {
      await mutateAsync(id);
      return true;
    } catch {
      return false;
    }
  }, [mutateAsync, id, enrolled]);
  return { enrolled, moduleTitle: title, pending: isPending, ensure };
}

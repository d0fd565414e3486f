import type { LabContent } from '@bastion/contract';
import { sealLabContent, type LabSetup } from '@bastion/labs';
import { imageSealKey, sealLab } from '@bastion/labs/seal';

let imageKey: string | undefined;

/**
 * A lab's content as one learner receives it (docs/labs.md): what the lab's user may read in clear, the rest
 * sealed for the guest with the image's key and a salt of the server's `key`, the learner and the item, with every
 * file that holds one of the learner's `secrets`.
 */
export function sealForLearner<T extends LabContent>(
  content: T,
  spec: LabSetup,
  key: string,
  learner: { userId: string; itemId: string; secrets: readonly string[] },
): T {
  imageKey ??= imageSealKey();
  const sealingKey = imageKey;
  return sealLabContent(
    content,
    spec,
    (script) => sealLab(script, sealingKey, key, `${learner.userId}\n${learner.itemId}`),
    learner.secrets,
  );
}

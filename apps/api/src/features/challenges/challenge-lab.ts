import { challengeLabContentOf, renderSecrets } from '@bastion/content';
import type { LabContent } from '@bastion/contract';
import { defaultLabIdentity, labContentSetup } from '@bastion/labs';
import type { LabSecretsService } from '../integrity/lab-secrets.service.ts';
import { secretItem } from './challenge-values.ts';
import type { ChallengeRow } from './challenges.repository.ts';

/** A challenge's lab as the learner receives it: with their own secrets, and sealed where its user may not read. */
export async function learnerLab(
  labSecrets: LabSecretsService,
  userId: string,
  row: ChallengeRow,
  declared: NonNullable<ChallengeRow['lab']>,
): Promise<LabContent> {
  const item = secretItem(row);
  const lab = renderSecrets(challengeLabContentOf(declared), await labSecrets.open(userId, item));
  return labSecrets.seal(lab, { ...defaultLabIdentity, ...labContentSetup(lab) }, userId, item);
}

import type { Db } from '@bastion/db';
import { createCodeCheck } from './code-check.ts';
import { createLoginTickets } from './login-tickets.ts';
import { createRecoveryCodeHasher } from './recovery-codes.ts';
import { createSecretBox } from './secret-box.ts';

/** The keyed pieces of two-factor sign-in, each keyed by its own derivation of the server secret. */
export function createTwoFactorKit(db: Db, serverSecret: string) {
  const box = createSecretBox(serverSecret);
  const hashRecoveryCode = createRecoveryCodeHasher(serverSecret);
  return {
    box,
    hashRecoveryCode,
    acceptCode: createCodeCheck(box, hashRecoveryCode),
    tickets: createLoginTickets(db, serverSecret),
  };
}

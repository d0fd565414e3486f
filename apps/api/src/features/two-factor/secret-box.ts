import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Seals TOTP keys for storage with AES-256-GCM under a key derived from the server secret, bound to the
 * owner's id (so a sealed key copied onto another learner's row does not open). A database dump alone
 * does not reveal anyone's authenticator key.
 */
export function createSecretBox(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('bastion:two-factor:secret-box').digest();

  return {
    seal(plain: string, ownerId: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(ownerId));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },

    /** The plain text, or null when the sealed text was not made by this box for this owner. */
    open(sealed: string, ownerId: string): string | null {
      const [version, iv, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !body) return null;
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < 17) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
          .setAAD(Buffer.from(ownerId))
          .setAuthTag(bytes.subarray(-16));
        return Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

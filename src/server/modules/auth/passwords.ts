// argon2id password hashing (@node-rs/argon2 defaults to argon2id with OWASP-grade parameters).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password);

// Verified against when the email is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** A random temporary password for admin-created or reset accounts (shown once). */
export function temporaryPassword(): string {
  return randomBytes(12).toString('base64url');
}

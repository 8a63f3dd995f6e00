// Known devices (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
// has signed in to an account keeps a signed cookie naming that account, sent only to the sign-in
// route. Signing in to the same account with it, the client is judged by its own failures on the
// account alone — not refused for its network's failures or while the whole server is flooded —
// and its password is hashed ahead of everyone else's (login-throttle.ts, HashGate). The cookie
// proves nothing about the password: the password is checked as always, and a device that keeps
// failing on its account is refused as any client is (LOGIN_FAILURE_LIMIT).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { appSettings } from '../../db/schema.js';

export const DEVICE_COOKIE = 'known_device';
/** the browser sends the cookie to the sign-in route only */
export const DEVICE_COOKIE_PATH = '/api/login';
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** the signing key, made once per database and shared by every server on it */
const KEY_SETTING = 'sign_in_device_key';

const keys = new WeakMap<Database, Promise<Buffer>>();

async function loadKey(database: Database): Promise<Buffer> {
  const read = async () => {
    const [row] = await database.db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, KEY_SETTING));
    return typeof row?.value === 'string' ? Buffer.from(row.value, 'base64url') : null;
  };
  const found = await read();
  if (found) return found;
  // two servers starting together: the first insert wins, and both read it
  await database.db
    .insert(appSettings)
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error('the sign-in device key could not be stored');
  return made;
}

/** The database's key for device cookies, read (or made) once per process. */
export function deviceKey(database: Database): Promise<Buffer> {
  let key = keys.get(database);
  if (!key) {
    key = loadKey(database);
    // a failed read is tried again by the next sign-in
    key.catch(() => keys.delete(database));
    keys.set(database, key);
  }
  return key;
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** The cookie's value for a sign-in to `userId` now. */
export function deviceToken(key: Buffer, userId: number, now: Date): string {
  const body = `${userId}.${now.getTime()}`;
  return `${body}.${mac(key, body)}`;
}

/**
 * The account a device cookie was given for and the device's own id (its signature, one per cookie
 * given), or null: none, forged, or older than DEVICE_TTL_MS.
 */
export function deviceUser(
  key: Buffer,
  token: string | undefined,
  now: Date,
): { userId: number; id: string } | null {
  if (!token || token.length > 200) return null;
  const match = /^(\d{1,12})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, user, issued, given] = match;
  const expected = Buffer.from(mac(key, `${user}.${issued}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  const age = now.getTime() - Number(issued);
  if (age < 0 || age > DEVICE_TTL_MS) return null;
  return { userId: Number(user), id: given };
}

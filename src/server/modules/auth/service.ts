import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { ChangePasswordRequest, LoginRequest, RegisterRequest } from '../../../shared/contracts/auth.js';
import { NEW_USER_CREDITS } from '../../../shared/domain/limits.js';
import type { DbOrTx } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { conflict, forbidden, invalid, tooMany, unauthorized } from '../../errors.js';
import { deviceKey, deviceToken, deviceUser } from './known-devices.js';
import {
  checkAllowed,
  clearPairFailures,
  failureDelayMs,
  hashGate,
  isFailingClientRefusal,
  recentFailures,
  recentRefusals,
  recordFailure,
  refusalHold,
  refusalKeys,
} from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSession, deleteUserSessions, isFreshTemporarySignIn } from './session-store.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
/** Not an argon2 hash: no password verifies against it. */
const BURNT_PASSWORD = '!temporary-password-used';

const emailKey = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, emailKey(email)))
    .limit(1);
  return rows[0];
}

export async function register(deps: AppDeps, input: RegisterRequest) {
  const { db } = deps.database;
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashGate(deps.config).run(() => hashPassword(input.password));
  try {
    const created = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, credits: NEW_USER_CREDITS })
        .returning();
      await tx.insert(creditLedger).values({ userId: user.id, delta: NEW_USER_CREDITS, reason: 'signup' });
      const token = await createSession(tx, user.id, deps.clock.now());
      return { user, token };
    });
    return { ...created, device: await deviceCookieFor(deps, created.user.id, deps.clock.now()) };
  } catch (err) {
    // Two registrations racing for one email: the unique index decides, the loser gets 409.
    if (
      (err as { code?: string }).code === '23505' ||
      (err as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      throw conflict(EMAIL_TAKEN);
    }
    throw err;
  }
}

/** The real timer, where the deps' clock has no sleep of its own (see Clock). */
const sleepFor = (deps: AppDeps) => deps.clock.sleep ?? ((ms: number) => delay(ms));

/** A device cookie for a sign-in to `userId` now (known-devices.ts). */
const deviceCookieFor = async (deps: AppDeps, userId: number, now: Date) =>
  deviceToken(await deviceKey(deps.database), userId, now);

/**
 * Signs in, throttled by login-throttle.ts: `ip` is the client's address (as TRUST_PROXY decides),
 * `device` the client's device cookie, if any (known-devices.ts). A client that has not been
 * failing is never refused its correct password. A client refused for its failures (remembered,
 * counted, or its turn at hashing refused) gets its 429 after REFUSAL_HOLD_MS, so that guessing
 * back to back costs the server one answer a second per connection, not thousands.
 */
export async function login(deps: AppDeps, input: LoginRequest, ip: string, device?: string) {
  return heldIfRefused(deps, () => attemptLogin(deps, input, ip, device));
}

/** a password checked for an account (its email's key) from a client, now */
type Attempt = { key: string; ip: string; now: Date; deviceId?: string; knownDevice: boolean };

/**
 * The throttle before a password is checked (login-throttle.ts): a client known to be failing is
 * refused at once; else its recent failures are counted, and whether it is suspect (its turn at
 * hashing waits behind everyone else's).
 */
async function throttle(deps: AppDeps, a: Attempt) {
  const refused = recentRefusals(deps.config);
  const [pairKey, ipKey] = refusalKeys(a.key, a.ip);
  const known = refused.refused(a.knownDevice ? [pairKey] : [pairKey, ipKey], a.now.getTime());
  if (known) throw tooMany(known);
  const counts = await recentFailures(deps.database.db, a.key, a.ip, a.now, a.deviceId);
  // remembered (for the failure window, or until the server-wide budget is read again), so a
  // flood of refused attempts costs no queries
  const { suspect } = checkAllowed(
    counts,
    deps.config,
    (which, message, forMs) =>
      refused.remember(which === 'pair' ? pairKey : ipKey, a.now.getTime() + forMs, message),
    { knownDevice: a.knownDevice },
  );
  return { counts, suspect };
}

/** a wrong password: counted against the account and the client, then answered after its delay */
async function failed(deps: AppDeps, a: Attempt, counts: { account: number }) {
  await recordFailure(deps.database.db, a.key, a.ip, a.now, a.deviceId);
  const delay = failureDelayMs(counts.account + 1);
  if (delay > 0) await sleepFor(deps)(delay);
}

/** a client refused for its failures gets its 429 after REFUSAL_HOLD_MS (see login) */
async function heldIfRefused<T>(deps: AppDeps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isFailingClientRefusal(err)) await refusalHold(deps.config).hold(sleepFor(deps));
    throw err;
  }
}

async function attemptLogin(deps: AppDeps, input: LoginRequest, ip: string, device?: string) {
  const { db } = deps.database;
  const now = deps.clock.now();
  const key = emailKey(input.email);
  // a device known to this account: its account is read first, to compare (a forged or stale
  // cookie costs no query)
  const deviceOf = device ? deviceUser(await deviceKey(deps.database), device, now) : null;
  const owner = deviceOf === null ? undefined : await findUserByEmail(db, input.email);
  const knownDevice = deviceOf !== null && owner?.id === deviceOf.userId;
  const deviceId = knownDevice ? deviceOf.id : undefined;
  const attempt = { key, ip, now, deviceId, knownDevice };
  const { counts, suspect } = await throttle(deps, attempt);
  const user = knownDevice ? owner : await findUserByEmail(db, input.email);
  const ok = await hashGate(deps.config).run(() => verifyPassword(user?.passwordHash, input.password), {
    suspect,
    knownDevice,
  });
  if (!user || !ok) {
    await failed(deps, attempt, counts);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (counts.pair > 0 || counts.device > 0) await clearPairFailures(db, key, ip, deviceId);
  if (user.mustChangePassword) {
    // A temporary password works once: burn it now (only if it is still the one just verified, so
    // of two sign-ins racing with it one wins); this session, for TEMPORARY_SIGN_IN_MS, is then
    // the only way to set a new one.
    const token = await db.transaction(async (tx) => {
      const burnt = await tx
        .update(users)
        .set({ passwordHash: BURNT_PASSWORD })
        .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
        .returning({ id: users.id });
      if (burnt.length === 0) throw unauthorized(INVALID_CREDENTIALS);
      return createSession(tx, user.id, now, { temporarySignIn: true });
    });
    return { user, token, device: await deviceCookieFor(deps, user.id, now) };
  }
  const token = await createSession(db, user.id, now);
  return { user, token, device: await deviceCookieFor(deps, user.id, now) };
}

export const TEMPORARY_SIGN_IN_EXPIRED =
  'Your sign-in with the temporary password has expired. Ask an administrator for a new temporary password.';

/**
 * Sets a new password; used after a temporary password and from the profile. Ends other sessions.
 * `sessionToken` is the caller's session: an account on a temporary password proves itself by a
 * session opened with that password less than TEMPORARY_SIGN_IN_MS ago (the password itself was
 * burnt by that sign-in); any other account gives its current password.
 */
export async function changePassword(
  deps: AppDeps,
  userId: number,
  sessionToken: string,
  input: ChangePasswordRequest,
  ip: string,
) {
  return heldIfRefused(deps, () => setPassword(deps, userId, sessionToken, input, ip));
}

/**
 * Whether the current password given to change it is right, checked as a sign-in is: a wrong one
 * counts as a failed sign-in on the account from this client, so a session cannot be used to guess
 * the password past the sign-in's limits, and its hashing waits in the same queue.
 */
async function currentPasswordHolds(
  deps: AppDeps,
  user: { email: string; passwordHash: string },
  password: string,
  ip: string,
): Promise<boolean> {
  const attempt = { key: emailKey(user.email), ip, now: deps.clock.now(), knownDevice: false };
  const { counts, suspect } = await throttle(deps, attempt);
  const ok = await hashGate(deps.config).run(() => verifyPassword(user.passwordHash, password), {
    suspect,
    knownDevice: false,
  });
  if (!ok) await failed(deps, attempt, counts);
  return ok;
}

async function setPassword(
  deps: AppDeps,
  userId: number,
  sessionToken: string,
  input: ChangePasswordRequest,
  ip: string,
) {
  const { db } = deps.database;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user?.mustChangePassword) {
    if (!(await isFreshTemporarySignIn(db, sessionToken, userId, deps.clock.now()))) {
      throw forbidden(TEMPORARY_SIGN_IN_EXPIRED);
    }
  } else if (!user || !(await currentPasswordHolds(deps, user, input.currentPassword ?? '', ip))) {
    throw invalid('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(users.id, userId))
      .returning();
    await deleteUserSessions(tx, userId);
    const token = await createSession(tx, userId, deps.clock.now());
    return { user: updated, token };
  });
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: create that admin, or promote the existing account; never a duplicate. */
export async function ensureAdmin(db: DbOrTx, email: string, password: string) {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.isAdmin) {
      await db.update(users).set({ isAdmin: true, role: 'admin' }).where(eq(users.id, existing.id));
    }
    return existing.id;
  }
  const passwordHash = await hashPassword(password);
  // the credit it starts with is in the ledger like any other (balance = ledger sum)
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        name: 'Administrator',
        email,
        passwordHash,
        isAdmin: true,
        role: 'admin',
        credits: NEW_USER_CREDITS,
      })
      .onConflictDoNothing()
      .returning();
    if (created && NEW_USER_CREDITS > 0) {
      await tx.insert(creditLedger).values({ userId: created.id, delta: NEW_USER_CREDITS, reason: 'signup' });
    }
    return created?.id;
  });
}

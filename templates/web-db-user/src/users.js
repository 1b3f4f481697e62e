import { createHash, randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';

const HASH_ROUNDS = 10;
export const SESSION_SECONDS = 7 * 24 * 60 * 60;

/** Compared against when no user has the email, so a wrong email takes as long as a wrong password. */
const UNUSED_HASH = bcrypt.hashSync('not a password', HASH_ROUNDS);

/** What may be shown of a user: never the password hash. */
export function publicUser(user) {
  return { id: user.id, email: user.email, name: user.name, createdAt: user.createdAt };
}

/** Creates a user with a bcrypt-hashed password; `{ error: 'taken' }` when the email is used. */
export async function createUser(database, { email, name, password }) {
  const passwordHash = await bcrypt.hash(password, HASH_ROUNDS);
  if (findUserByEmail(database, email)) return { error: 'taken' };
  const user = { id: randomUUID(), email, name, passwordHash, createdAt: new Date().toISOString() };
  database.data.users.push(user);
  await database.write();
  return { user };
}

/** The user with this email and password, or null. */
export async function verifyUser(database, { email, password }) {
  const user = findUserByEmail(database, email);
  const isMatch = await bcrypt.compare(password, user?.passwordHash ?? UNUSED_HASH);
  return user && isMatch ? user : null;
}

function findUserByEmail(database, email) {
  return database.data.users.find((user) => user.email === email) ?? null;
}

/** Starts a session and returns its token (only its hash is stored). */
export async function startSession(database, userId) {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  database.data.sessions = database.data.sessions.filter((session) => session.expiresAt > now);
  database.data.sessions.push({
    tokenHash: hashToken(token),
    userId,
    expiresAt: now + SESSION_SECONDS * 1000,
  });
  await database.write();
  return token;
}

/** The user of a live session token, or null. */
export function userOfSession(database, token) {
  const tokenHash = hashToken(token);
  const session = database.data.sessions.find((entry) => entry.tokenHash === tokenHash);
  if (!session || session.expiresAt <= Date.now()) return null;
  return database.data.users.find((user) => user.id === session.userId) ?? null;
}

/** Ends a session: its token stops working even if a copy of the cookie is kept. */
export async function endSession(database, token) {
  const tokenHash = hashToken(token);
  database.data.sessions = database.data.sessions.filter((session) => session.tokenHash !== tokenHash);
  await database.write();
}

function hashToken(token) {
  return createHash('sha256').update(token).digest('hex');
}

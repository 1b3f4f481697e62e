import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { homePage } from './pages.js';
import {
  createUser,
  endSession,
  publicUser,
  SESSION_SECONDS,
  startSession,
  userOfSession,
  verifyUser,
} from './users.js';
import { validateSignIn, validateSignUp } from './validation.js';

const COOKIE = 'session';

/**
 * The web app: a front page with forms, and `POST /sign-up`, `/sign-in`, `/sign-out`.
 * Forms get HTML pages back (a redirect on success); requests sent as JSON get JSON.
 * `GET /api/me` is the signed-in-only route.
 */
export function createApp(database) {
  const app = new Hono();

  app.use('*', async (c, next) => {
    const token = getCookie(c, COOKIE);
    c.set('token', token);
    c.set('user', token ? userOfSession(database, token) : null);
    await next();
  });

  const fail = (c, status, errors, email = '') =>
    isJson(c) ? c.json({ errors }, status) : c.html(homePage({ errors, email }), status);

  const signedIn = async (c, user, status) => {
    const token = await startSession(database, user.id);
    setCookie(c, COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: SESSION_SECONDS,
      secure: new URL(c.req.url).protocol === 'https:',
    });
    return isJson(c) ? c.json({ user: publicUser(user) }, status) : c.redirect('/', 303);
  };

  app.get('/', (c) => c.html(homePage({ user: c.get('user') })));

  app.post('/sign-up', async (c) => {
    const checked = validateSignUp(await readForm(c));
    if (checked.errors) return fail(c, 400, checked.errors);
    const created = await createUser(database, checked.value);
    if (created.error) return fail(c, 409, ['An account with this email exists. Sign in instead.']);
    return signedIn(c, created.user, 201);
  });

  app.post('/sign-in', async (c) => {
    const checked = validateSignIn(await readForm(c));
    if (checked.errors) return fail(c, 400, checked.errors);
    const user = await verifyUser(database, checked.value);
    if (!user) return fail(c, 401, ['Wrong email or password.'], checked.value.email);
    return signedIn(c, user, 200);
  });

  app.post('/sign-out', async (c) => {
    const token = c.get('token');
    if (token) await endSession(database, token);
    deleteCookie(c, COOKIE, { path: '/' });
    return isJson(c) ? c.json({ signedOut: true }) : c.redirect('/', 303);
  });

  app.get('/api/me', (c) => {
    const user = c.get('user');
    return user ? c.json({ user: publicUser(user) }) : c.json({ errors: ['Sign in first.'] }, 401);
  });

  return app;
}

function isJson(c) {
  return (c.req.header('content-type') ?? '').includes('application/json');
}

async function readForm(c) {
  if (!isJson(c)) return c.req.parseBody();
  try {
    const body = await c.req.json();
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate } from '../../src/agent-worker/profiles/manus/tools/webdev-init-project/templates.ts';

/**
 * The `web-db-user` template as `webdev_init_project` writes it, started under Node with
 * `npm start`'s command (`node server.js`) and driven over HTTP. Its dependencies resolve
 * from the repo's node_modules (the same pinned versions, as devDependencies).
 */

const EMAIL = 'ada@example.com';
const PASSWORD = 'correct horse battery';

let folder: string;
let server: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'webdev-server-'));
  const files = await renderTemplate('web-db-user', {
    projectName: 'club',
    projectTitle: 'The <Club>',
    description: 'Members only.',
  });
  for (const file of files) {
    await mkdir(dirname(join(folder, file.path)), { recursive: true });
    await writeFile(join(folder, file.path), file.text);
  }
  await symlink(resolve('node_modules'), join(folder, 'node_modules'), 'dir');
  const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8'));
  expect(manifest.scripts.start).toBe('node server.js');

  server = spawn(process.execPath, ['server.js'], {
    cwd: folder,
    env: { ...process.env, PORT: '0', DATA_FILE: join(folder, 'data', 'db.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start:\n${output}`)), 15_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    server.on('exit', (code) => fail(new Error(`The server exited (${code}):\n${output}`)));
  });
}, 30_000);

afterAll(async () => {
  server?.kill();
  await rm(folder, { recursive: true, force: true });
});

/** A form post, without following the redirect. */
function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
}

function me(cookie?: string) {
  return fetch(`${base}/api/me`, { headers: cookie ? { cookie } : {} });
}

/** The `session=…` pair of a response's Set-Cookie, checked to be HttpOnly and SameSite=Lax. */
function sessionCookie(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  expect(header).toMatch(/^session=[A-Za-z0-9_-]{20,};/);
  expect(header).toContain('HttpOnly');
  expect(header).toContain('SameSite=Lax');
  return header.split(';')[0]!;
}

describe('the web-db-user server under Node', () => {
  it('serves the front page with the forms and the escaped title', async () => {
    const response = await fetch(base);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<title>The &lt;Club&gt;</title>');
    expect(page).toContain('action="/sign-up"');
    expect(page).toContain('action="/sign-in"');
  });

  it('signs up, reaches the signed-in route, signs out (ending the session) and signs in again', async () => {
    const signUp = await post('/sign-up', { name: 'Ada', email: EMAIL, password: PASSWORD });
    expect(signUp.status).toBe(303);
    const cookie = sessionCookie(signUp);

    expect((await me()).status).toBe(401);
    const account = await me(cookie);
    expect(account.status).toBe(200);
    const { user } = await account.json();
    expect(user).toMatchObject({ email: EMAIL, name: 'Ada' });
    expect(user).not.toHaveProperty('passwordHash');
    expect(await (await fetch(base, { headers: { cookie } })).text()).toContain(
      'Signed in as <strong>Ada</strong>',
    );

    const signOut = await post('/sign-out', {}, cookie);
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get('set-cookie')).toMatch(/^session=;.*Max-Age=0/);
    expect((await me(cookie)).status).toBe(401);

    const signIn = await post('/sign-in', { email: 'ADA@example.com', password: PASSWORD });
    expect(signIn.status).toBe(303);
    const again = sessionCookie(signIn);
    expect(again).not.toBe(cookie);
    expect((await me(again)).status).toBe(200);
  });

  it('refuses a wrong password, an unknown email and a duplicate sign-up', async () => {
    const wrong = await post('/sign-in', { email: EMAIL, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('Wrong email or password.');
    expect((await post('/sign-in', { email: 'nobody@example.com', password: PASSWORD })).status).toBe(401);

    const duplicate = await post('/sign-up', {
      name: 'Imposter',
      email: 'Ada@Example.com',
      password: PASSWORD,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get('set-cookie')).toBeNull();
    expect(await duplicate.text()).toContain('An account with this email exists');
  });

  it('validates the forms, and answers JSON requests with JSON', async () => {
    const invalid = await post('/sign-up', { name: '', email: 'not-an-email', password: 'short' });
    expect(invalid.status).toBe(400);
    const page = await invalid.text();
    expect(page).toContain('Enter a valid email address.');
    expect(page).toContain('Enter a name of 1 to 80 characters.');
    expect(page).toContain('Use a password of at least 8 characters.');

    const json = await fetch(`${base}/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grace', email: 'grace@example.com', password: PASSWORD }),
    });
    expect(json.status).toBe(201);
    expect(await json.json()).toMatchObject({ user: { email: 'grace@example.com', name: 'Grace' } });
    expect((await me(sessionCookie(json))).status).toBe(200);
  });

  it('stores bcrypt hashes, never the passwords, in its JSON file', async () => {
    const stored = await readFile(join(folder, 'data', 'db.json'), 'utf8');
    const data = JSON.parse(stored);
    expect(data.users.map((user: { email: string }) => user.email)).toEqual([EMAIL, 'grace@example.com']);
    expect(data.users[0].passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(stored).not.toContain(PASSWORD);
  });
});

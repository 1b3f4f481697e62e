import { readFileSync } from 'node:fs';
import { html } from 'hono/html';

const site = JSON.parse(readFileSync(new URL('./site.json', import.meta.url), 'utf8'));

const STYLES = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0 auto; padding: 2rem 1rem; max-width: 40rem; }
  form { display: grid; gap: 0.5rem; margin: 1rem 0 2rem; }
  input, button { font: inherit; padding: 0.5rem 0.75rem; border-radius: 8px; border: 1px solid #8888; }
  button { cursor: pointer; background: #2f6fde; color: #fff; border: 0; }
  .errors { color: #c62828; }
  .columns { display: grid; gap: 2rem; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); }
`;

/**
 * The front page: the sign-up and sign-in forms, or who is signed in with a sign-out
 * button. Every value is escaped by Hono's `html` template.
 */
export function homePage({ user = null, errors = [], email = '' } = {}) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content="${site.description}" />
        <title>${site.title}</title>
        <style>
          ${STYLES}
        </style>
      </head>
      <body>
        <h1>${site.title}</h1>
        <p>${site.description}</p>
        ${
          errors.length > 0
            ? html`<ul class="errors" role="alert">
                ${errors.map((error) => html`<li>${error}</li>`)}
              </ul>`
            : ''
        }
        ${user ? signedIn(user) : signedOut(email)}
      </body>
    </html>`;
}

function signedIn(user) {
  return html`<p>Signed in as <strong>${user.name}</strong> (${user.email}).</p>
    <p><a href="/api/me">Your account as JSON</a></p>
    <form method="post" action="/sign-out"><button type="submit">Sign out</button></form>`;
}

function signedOut(email) {
  return html`<div class="columns">
    <section>
      <h2>Sign up</h2>
      <form method="post" action="/sign-up">
        <label>Name <input name="name" required maxlength="80" autocomplete="name" /></label>
        <label>Email <input name="email" type="email" required value="${email}" autocomplete="email" /></label>
        <label>
          Password
          <input name="password" type="password" required minlength="8" autocomplete="new-password" />
        </label>
        <button type="submit">Create account</button>
      </form>
    </section>
    <section>
      <h2>Sign in</h2>
      <form method="post" action="/sign-in">
        <label>Email <input name="email" type="email" required value="${email}" autocomplete="email" /></label>
        <label>
          Password
          <input name="password" type="password" required autocomplete="current-password" />
        </label>
        <button type="submit">Sign in</button>
      </form>
    </section>
  </div>`;
}

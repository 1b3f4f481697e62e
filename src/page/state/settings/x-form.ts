import type { AgentSettings } from '@/shared/protocol/settings.ts';
import { X_TOKEN_KEY, XSettings } from '@/shared/protocol/x-settings.ts';

/** Settings → X as typed: the proxy's base URL and the access token. */
export type XForm = { proxyUrl: string; token: string };

export type XFormField = 'proxyUrl' | 'token';

/** One field Settings → X refuses, and why. */
export type XProblem = { field: XFormField; message: string };

/** The settings to save, or every problem (the first also as `field` and `message`). */
export type XValidation =
  | { ok: true; settings: AgentSettings }
  | { ok: false; field: XFormField; message: string; problems: XProblem[] };

/** Hosts that are X's API itself: a page cannot call them (no CORS), so they are not a proxy. */
const X_API_HOSTS = new Set(['api.x.com', 'api.twitter.com', 'x.com', 'twitter.com']);

/** Hosts on this machine, where plain http:// does not expose the token on the network. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The form for `settings`: the saved proxy and token, or both empty. */
export function xFormFromSettings(settings: AgentSettings): XForm {
  return {
    proxyUrl: settings.x?.proxyUrl ?? '',
    token: settings.x ? (settings.toolKeys[X_TOKEN_KEY] ?? '') : '',
  };
}

/** The id of a field's input in Settings → X (the dialog focuses it when it is invalid). */
export function xFieldId(field: XFormField): string {
  return `x-${field}`;
}

/** The address requests for `path` go to under what is typed (for the hint under the field). */
export function xRequestUrl(proxyUrl: string, path = '/2/tweets'): string {
  return `${proxyUrl.trim().replace(/\/+$/, '') || '<proxy URL>'}${path}`;
}

/** The proxy URL checked, trailing slashes dropped; or what is wrong with it. */
function checkProxyUrl(text: string): { ok: true; url: string } | { ok: false; message: string } {
  const trimmed = text.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return {
      ok: false,
      message: `X: “${trimmed}” is not a web address; give your proxy’s base URL, e.g. https://my-proxy.example/x.`,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'X: the proxy URL must start with https:// (or http:// on this machine).' };
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    return {
      ok: false,
      message:
        'X: the proxy URL is a base that /2/… paths are appended to; leave out ?query, #fragment and user:password@.',
    };
  if (X_API_HOSTS.has(url.hostname))
    return {
      ok: false,
      message: `X: ${url.hostname} is X itself, which does not accept requests from a web page; give the address of a proxy you run that forwards to it.`,
    };
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname))
    return {
      ok: false,
      message:
        'X: use https:// for a proxy on another machine (the token is sent to it); http:// only for localhost.',
    };
  const parsed = XSettings.safeParse({ proxyUrl: trimmed });
  if (!parsed.success) return { ok: false, message: `X: ${parsed.error.issues[0]?.message ?? 'not valid.'}` };
  return { ok: true, url: parsed.data.proxyUrl };
}

/**
 * Checks the form and merges it into `current` as `x` and the token in `toolKeys`. Both
 * empty: X is not configured (no `x`, no token). Otherwise both are needed: the proxy an
 * https:// base URL (http:// on this machine) that is not X itself, the token one word.
 * Other tools' keys are kept as they are.
 */
export function validateXForm(form: XForm, current: AgentSettings): XValidation {
  const proxyUrl = form.proxyUrl.trim();
  const token = form.token.trim();
  const toolKeys = { ...current.toolKeys };
  delete toolKeys[X_TOKEN_KEY];
  if (proxyUrl === '' && token === '') {
    const { x: _cleared, ...rest } = current;
    return { ok: true, settings: { ...rest, toolKeys } };
  }
  const problems: XProblem[] = [];
  const checked = proxyUrl === '' ? null : checkProxyUrl(proxyUrl);
  if (checked === null) {
    problems.push({
      field: 'proxyUrl',
      message: 'X: give the proxy URL the token is sent to, or clear the token to switch X off.',
    });
  } else if (!checked.ok) problems.push({ field: 'proxyUrl', message: checked.message });
  if (token === '') {
    problems.push({
      field: 'token',
      message:
        'X: give an X API access token (an OAuth 2.0 user token to post), or clear the proxy URL to switch X off.',
    });
  } else if (/\s/.test(token)) {
    problems.push({ field: 'token', message: 'X: the access token is one word; it has spaces in it.' });
  }
  const [first] = problems;
  if (first || !checked?.ok) {
    const shown = first ?? { field: 'proxyUrl' as const, message: 'X: the proxy URL is not valid.' };
    return { ok: false, ...shown, problems: first ? problems : [shown] };
  }
  return {
    ok: true,
    settings: { ...current, x: { proxyUrl: checked.url }, toolKeys: { ...toolKeys, [X_TOKEN_KEY]: token } },
  };
}

import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../protocol/ports/network.ts';
import { DEFAULT_WEB_SETTINGS } from '../../protocol/web/web-settings.ts';
import { prefixesFor, WebNetworks } from './web-networks.ts';

describe('the web networks', () => {
  it('allow only the services switched on, with the SearXNG instance and the proxy when set', () => {
    const web = {
      ...DEFAULT_WEB_SETTINGS,
      disabledServices: ['github' as const],
      searxngUrl: 'https://searx.example.org/',
      corsProxyTemplate: 'https://proxy.example/?url={url}',
    };
    expect(prefixesFor(web, ['github'])).toEqual([]);
    expect(prefixesFor(web, ['npm', 'searxng'])).toEqual([
      'https://registry.npmjs.org',
      'https://searx.example.org',
    ]);
    expect(prefixesFor(web, ['brave'])).toEqual(['https://api.search.brave.com', 'https://proxy.example']);
    expect(prefixesFor({ ...web, disabledServices: ['cors_proxy'] }, ['brave'])).toEqual([
      'https://api.search.brave.com',
    ]);
    expect(prefixesFor(web, ['direct'])).toEqual(['*']);
    expect(prefixesFor({ ...web, disabledServices: ['direct'] }, ['direct'])).toEqual([]);
  });

  it('never reach the app’s own origin, even where any address is allowed', async () => {
    const asked: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      asked.push(String(input));
      return new Response('ok');
    };
    const networks = new WebNetworks(DEFAULT_WEB_SETTINGS, fetchImpl, 'https://app.example');
    const direct = networks.for(['direct']);
    const refusal = await direct
      .fetch({ url: 'https://app.example/preview/other-conversation/secret.png' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NetworkError);
    expect((refusal as NetworkError).kind).toBe('not_allowed');
    expect((refusal as NetworkError).message).toContain('Settings → Search');
    await direct.fetch({ url: 'https://news.example/story' });
    expect(asked).toEqual(['https://news.example/story']);
  });
});

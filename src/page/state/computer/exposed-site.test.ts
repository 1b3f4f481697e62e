import { describe, expect, it } from 'vitest';
import { exposedSite, pageOfPreviewAddress } from './exposed-site.ts';

const APP = new URL('https://app.example/sandpiper/');
const meta = (fields: Record<string, unknown>) => ({ action_type: 'expose', tool: 'expose', ...fields });

describe('the site an expose step shows', () => {
  it('is the workspace page it served, at this app’s address, wherever the step was recorded', () => {
    const recordedElsewhere = meta({
      port: 8000,
      url: 'http://127.0.0.1:41234/preview/old-id/notes-app/index.html',
      exposed: false,
      path: '/home/ubuntu/notes-app',
    });
    expect(exposedSite(recordedElsewhere, 'c1', APP)).toEqual({
      kind: 'workspace',
      url: 'https://app.example/sandpiper/preview/c1/notes-app/index.html',
      pagePath: 'notes-app/index.html',
    });
    // Without the folder (an older step), the page its address names.
    const withoutFolder = meta({
      port: 8000,
      url: 'http://127.0.0.1:41234/preview/old-id/notes-app/index.html',
      exposed: false,
    });
    expect(exposedSite(withoutFolder, 'c1', APP)).toMatchObject({
      kind: 'workspace',
      url: 'https://app.example/sandpiper/preview/c1/notes-app/index.html',
    });
    expect(
      exposedSite(meta({ port: 1, url: 'x', exposed: false, path: '/home/ubuntu' }), 'c1', APP),
    ).toMatchObject({ kind: 'workspace', pagePath: 'index.html' });
  });

  it('is a server’s address as given, and this app’s own preview address as a workspace page', () => {
    const server = meta({ port: 5173, url: 'https://abc-5173.webcontainer-api.io', exposed: true });
    expect(exposedSite(server, 'c1', APP)).toEqual({
      kind: 'server',
      url: 'https://abc-5173.webcontainer-api.io/',
      port: 5173,
    });
    const own = meta({ port: 3000, url: 'https://app.example/sandpiper/preview/old/site/', exposed: true });
    expect(exposedSite(own, 'c1', APP)).toMatchObject({ kind: 'workspace', pagePath: 'site/index.html' });
    expect(exposedSite(meta({ port: 3000, url: 'javascript:alert(1)', exposed: true }), 'c1', APP)).toEqual({
      kind: 'none',
      port: 3000,
    });
    expect(exposedSite(meta({}), 'c1', APP)).toEqual({ kind: 'none', port: null });
  });

  it('reads a preview address’s page, refusing one that climbs out', () => {
    expect(pageOfPreviewAddress('https://x.test/preview/id/a%20b/page.html')).toBe('a b/page.html');
    expect(pageOfPreviewAddress('/base/preview/id/site/')).toBe('site/index.html');
    expect(pageOfPreviewAddress('https://x.test/preview/id/%2e%2e/secret')).toBeNull();
    expect(pageOfPreviewAddress('https://x.test/elsewhere/page.html')).toBeNull();
  });
});

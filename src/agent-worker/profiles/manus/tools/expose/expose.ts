import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { actionSummary } from '@/shared/protocol/action-summary.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import description from './expose.md?raw';
import { latestStaticSite } from './static-site.ts';

/** Seed 000's `expose` parameters, in its order. */
export const ExposeParameters = z.object({
  brief: briefParameter(),
  port: z.number().int().describe('Local port number in the sandbox to expose for public access'),
});

/**
 * `expose`: with the Node runtime, the URL WebContainer gives the server on that port
 * (`exposed: true`); a port with no server is an error listing the ports that are up.
 * Without it there are no servers and no tunnel: the newest static site in the workspace
 * is served at its same-origin preview URL (`exposed: false`, seed 001's rule for a local
 * URL), which works offline but only in this browser.
 */
export const exposeTool = defineTool({
  name: 'expose',
  description,
  metaKind: 'expose',
  parameters: ExposeParameters,
  // Where nothing listens on the port (the virtual sandbox), what it did: served the site as a preview.
  label: (args, meta) =>
    meta?.exposed === false && typeof meta.path === 'string'
      ? actionSummary('preview_site', meta.path)
      : actionSummary('expose_port', args.port),
  // A preview never leaves this browser.
  effect: 'reads',
  execute: async (params, context) => {
    if (params.port < 1 || params.port > 65_535) {
      return { status: 'error', kind: 'validation', message: '`port` must be between 1 and 65535.' };
    }
    const sandbox = await context.sandbox();
    if (sandbox.kind === 'webcontainer') {
      const servers = await context.previews.servers();
      const server = servers.find((candidate) => candidate.port === params.port);
      if (!server) {
        const up = servers.map((candidate) => candidate.port).join(', ');
        return {
          status: 'error',
          kind: 'execution',
          message:
            servers.length > 0
              ? `Nothing is listening on port ${params.port}. Servers up: ${up}. Expose one of those, or start the server (shell exec, e.g. \`npm run dev\`) and wait until it listens.`
              : `No server is running in the sandbox. Start one first (shell exec, e.g. \`npm run dev\` or \`node server.js\`), wait until it listens on port ${params.port}, then expose it.`,
        };
      }
      return {
        status: 'success',
        content: `Port ${params.port} is served at ${server.url} (a WebContainer URL: it works while this tab keeps the sandbox running, in this browser).`,
        meta: { port: params.port, url: server.url, exposed: true },
      };
    }
    const site = await latestStaticSite(sandbox);
    const url = site === null ? null : context.previews.urlFor(`${site}/index.html`);
    if (site === null || url === null) {
      return {
        status: 'error',
        kind: 'execution',
        message: `The virtual sandbox runs no servers, so port ${params.port} cannot be exposed, and there is no static site (a folder with an index.html) to preview instead. Create one (webdev_init_project with features "web-static"), or ask the user to turn on the Node runtime (Settings → Sandbox) for servers.`,
      };
    }
    return {
      status: 'success',
      content: `No tunnel is available here and the virtual sandbox runs no servers, so nothing listens on port ${params.port}. The static site in ${site} is served instead at ${url} (a local preview: it works offline, in this browser only; exposed: false).`,
      meta: { port: params.port, url, exposed: false, path: site },
    };
  },
});

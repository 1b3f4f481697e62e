import { z } from 'zod';
import {
  defineTool,
  invalidArguments,
  type ToolContext,
  type ToolOutcome,
} from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import type { WebdevInitProjectMeta } from '@/shared/protocol/tool-meta/webdev-init-project-meta.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import { briefParameter } from '../../common/common-parameters.ts';
import { folderNameProblem, titleFromName } from './project-name.ts';
import { renderTemplate, type TemplateName } from './templates.ts';
import description from './webdev-init-project.md?raw';

/** Seed 000's `webdev_init_project` parameters, in its order. */
export const WebdevInitProjectParameters = z.object({
  brief: briefParameter('A one-sentence description of the project initialization purpose'),
  description: z
    .string()
    .optional()
    .describe('Description of the web project to be created (will be used as project description)'),
  features: z
    .enum(['web-static', 'web-db-user'])
    .optional()
    .describe('Initial capability preset for the project.'),
  project_name: z.string().describe('Name of the web project to be created (will be used as directory name)'),
  project_title: z
    .string()
    .optional()
    .describe('Title of the web project to be created (will be used as project title)'),
});

/** Seed 001 calls the project name `name`; the runtime accepts it as `project_name`. */
function normalizeWebdev(raw: Record<string, unknown>): Record<string, unknown> {
  if (raw.project_name === undefined && typeof raw.name === 'string') {
    const { name, ...rest } = raw;
    return { ...rest, project_name: name };
  }
  return raw;
}

export const webdevInitProjectTool = defineTool({
  name: 'webdev_init_project',
  description,
  metaKind: 'webdev_init_project',
  parameters: WebdevInitProjectParameters,
  normalize: normalizeWebdev,
  label: withTarget('create_project', 'project_name'),
  effect: 'changes_workspace',
  execute: (params, context) => initProject(params, context),
});

type WebdevInitProjectParameters = z.infer<typeof WebdevInitProjectParameters>;

const DEFAULT_DESCRIPTIONS: Record<TemplateName, string> = {
  'web-static': 'A small static website.',
  'web-db-user': 'A web app with user accounts.',
};

/** The port the `web-db-user` server listens on (its `PORT` default). */
const SERVER_PORT = 3000;

async function initProject(
  params: WebdevInitProjectParameters,
  context: ToolContext,
): Promise<ToolOutcome<WebdevInitProjectMeta>> {
  const name = params.project_name.trim();
  const problem = folderNameProblem(name);
  if (problem) return invalidArguments(problem);
  const features: TemplateName = params.features ?? 'web-static';
  const root = `${WORKSPACE_ROOT}/${name}`;
  const sandbox = await context.sandbox();
  const occupied = await occupiedReason(sandbox, root);
  if (occupied) return invalidArguments(occupied);

  const title = params.project_title?.trim() || titleFromName(name);
  const files = await renderTemplate(features, {
    projectName: name,
    projectTitle: title,
    description: params.description?.trim() || DEFAULT_DESCRIPTIONS[features],
  });
  const paths: string[] = [];
  for (const file of files) {
    const saved = await context.workspace.save(`${root}/${file.path}`, file.text);
    paths.push(saved.path);
  }
  const listing = files.map((file) => `- ${file.path}`).join('\n');
  return {
    status: 'success',
    content: `Created the ${features} project "${title}" in ${root} (${files.length} files):\n${listing}\n\n${nextSteps(features, root, sandbox.kind)}`,
    meta: { project_name: name, features, paths },
  };
}

/** Why the project cannot go at `root` (a file there, or a folder with files), or null. */
async function occupiedReason(sandbox: SandboxPort, root: string): Promise<string | null> {
  const existing = await sandbox.stat(root);
  if (!existing) return null;
  if (existing.kind === 'file') return `${root} is a file. Choose another \`project_name\`.`;
  const entries = await sandbox.list(root);
  if (entries.length === 0) return null;
  return `${root} already exists and is not empty (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}). Choose another \`project_name\`, or work on the existing files with \`file\` and \`shell\`.`;
}

function nextSteps(features: TemplateName, root: string, sandboxKind: SandboxPort['kind']): string {
  if (features === 'web-static') {
    return 'Next: edit the files with `file` (they need no build step and use relative paths only), then preview the site with `expose`.';
  }
  const run = `\`cd ${root} && npm install && npm run dev\` with \`shell\` (the server listens on port ${SERVER_PORT})`;
  if (sandboxKind === 'virtual') {
    return `The server needs the Node runtime, and this conversation's sandbox is the virtual one (no Node, no npm). The user can turn it on in Settings → Sandbox → Node runtime; then run ${run} and call \`expose\` with port ${SERVER_PORT}. Until then, edit the files with \`file\`.`;
  }
  return `Next: run ${run}, then call \`expose\` with port ${SERVER_PORT}. Edit the routes in src/app.js and the pages in src/pages.js.`;
}

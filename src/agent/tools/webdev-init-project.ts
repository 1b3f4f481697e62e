import { z } from 'zod';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';
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
  describe: (params) => `Creating web project ${params.project_name}`,
});

import { TOOL_NAMES, type ToolName } from '../../protocol/envelope.ts';
import { browserTool } from './browser.ts';
import type { Tool } from './define-tool.ts';
import { exposeTool } from './expose.ts';
import { fileTool } from './file/file.ts';
import { generateTool } from './generate.ts';
import { matchTool } from './match/match.ts';
import { messageTool } from './message.ts';
import { planTool } from './plan.ts';
import { scheduleTool } from './schedule.ts';
import { searchTool } from './search.ts';
import { shellTool } from './shell/shell.ts';
import { slidesTool } from './slides.ts';
import { webdevInitProjectTool } from './webdev-init-project.ts';

/** Every tool, in the fixed order the model sees them (seed 000's order). Never filtered: forcing is by masking. */
export const TOOLS: readonly Tool[] = [
  planTool,
  messageTool,
  shellTool,
  fileTool,
  matchTool,
  searchTool,
  scheduleTool,
  exposeTool,
  browserTool,
  generateTool,
  slidesTool,
  webdevInitProjectTool,
];

const TOOLS_BY_NAME = new Map<string, Tool>(TOOLS.map((tool) => [tool.name, tool]));

/** The tool called `name`, or undefined for a name the model made up. */
export function findTool(name: string): Tool | undefined {
  return TOOLS_BY_NAME.get(name);
}

/** True when `name` is one of the twelve tool names. */
export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

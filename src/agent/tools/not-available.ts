import type { ToolName } from '../../protocol/envelope.ts';
import type { ToolOutcome } from './define-tool.ts';

/** The answer of a tool whose runtime is not built yet: an honest `execution` failure. */
export function notAvailable(tool: ToolName): ToolOutcome {
  return {
    status: 'error',
    kind: 'execution',
    message: `The \`${tool}\` tool is not available yet in this version of Sandpiper. Continue with the tools that work (\`plan\`, \`message\`), or tell the user with \`message\` what could not be done.`,
  };
}

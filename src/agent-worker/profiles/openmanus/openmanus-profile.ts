import { defineProfile } from '../../toolkit/profile.ts';
import systemPrompt from './system.md?raw';
import { askHumanTool } from './tools/ask-human/ask-human.ts';
import { bashTool } from './tools/bash/bash.ts';
import { planningTool } from './tools/planning/planning.ts';
import { pythonExecuteTool } from './tools/python-execute/python-execute.ts';
import { strReplaceEditorTool } from './tools/str-replace-editor/str-replace-editor.ts';
import { terminateTool } from './tools/terminate/terminate.ts';
import {
  browserUseTool,
  crawl4aiTool,
  createChatCompletionTool,
  dataVisualizationTool,
  webSearchTool,
} from './web-tools.ts';

/**
 * What this profile does not offer, in one line (the picker shows it; docs/how-it-works.md says the same):
 * `computer_use` drives a desktop through a Daytona sandbox's automation service, and the
 * `sandbox_*` tools (browser, files, shell, vision) work inside Daytona cloud sandboxes;
 * a browser tab has neither, and its own sandbox is served by `bash`, `python_execute`
 * and `str_replace_editor`.
 */
export const OPENMANUS_NOT_OFFERED =
  'Not offered: computer_use and the Daytona sandbox_* tools, which need a Daytona cloud sandbox and a desktop that a browser tab does not have.';

/**
 * OpenManus' tool system (seed 002): its tools with their parameters, descriptions,
 * limits and error texts word for word, in seed 002's catalogue order, on Sandpiper's
 * sandbox, network and UI. No opening steps (OpenManus forces no plan or
 * acknowledgment); `ask_human` asks, `terminate` delivers the result and ends the run,
 * `planning` drives the plan panel. `computer_use` and the Daytona `sandbox_*` tools
 * are not offered (see `OPENMANUS_NOT_OFFERED`).
 */
export const openManusProfile = defineProfile({
  id: 'openmanus',
  title: 'OpenManus',
  summary: `OpenManus’ tools: Python, bash, a browser over the pages it reads, web search, a file editor, plans, structured completions and charts; no forced plan. ${OPENMANUS_NOT_OFFERED}`,
  systemPrompt,
  tools: [
    pythonExecuteTool,
    bashTool,
    browserUseTool,
    webSearchTool,
    crawl4aiTool,
    strReplaceEditorTool,
    planningTool,
    terminateTool,
    askHumanTool,
    createChatCompletionTool,
    dataVisualizationTool,
  ],
  openingSteps: [],
  runtimeAsk: { tool: 'ask_human', actionType: 'ask_human', metaKind: null },
  notes: {
    noToolCall:
      'Every response must call exactly one tool; `ask_human` reaches the user, and `terminate` ends the task.',
    compaction:
      "The context neared the model's window, so older bulky observations now show only an excerpt; each names its full_observation file, which `str_replace_editor` with `view` can open when the details are needed again.",
  },
});

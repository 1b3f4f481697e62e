import { defineProfile } from '../../toolkit/profile.ts';
import systemPrompt from './system.md?raw';
import { browserTool } from './tools/browser/browser.ts';
import { editImageTool } from './tools/edit-image/edit-image.ts';
import { exposeTool } from './tools/expose/expose.ts';
import { fileTool } from './tools/file/file.ts';
import { generateTool } from './tools/generate/generate.ts';
import { generateImageTool } from './tools/generate-image/generate-image.ts';
import { generateSpeechTool } from './tools/generate-speech/generate-speech.ts';
import { matchTool } from './tools/match/match.ts';
import { messageTool } from './tools/message/message.ts';
import { planTool } from './tools/plan/plan.ts';
import { scheduleTool } from './tools/schedule/schedule.ts';
import { searchTool } from './tools/search/search.ts';
import { shellTool } from './tools/shell/shell.ts';
import { slidesTool } from './tools/slides/slides.ts';
import { webdevInitProjectTool } from './tools/webdev-init-project/webdev-init-project.ts';

/**
 * Manus' tool set (seeds 000, 001, 003), the default profile: the twelve tools of seed
 * 000 in its order, with the generation actions (image, image edit, speech) right after
 * `generate`, which turns them on; after each new task, `message` type `info` then
 * `plan` action `update` are forced (seed 003 §1); `message` informs, asks and delivers
 * the result. Each tool says what its calls are (labels, roles, effects) itself.
 */
export const manusProfile = defineProfile({
  id: 'manus',
  title: 'Manus',
  summary:
    'Manus’ tools: a forced acknowledgment and plan, then shell, files, search, browser, slides and more.',
  systemPrompt,
  tools: [
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
    generateImageTool,
    editImageTool,
    generateSpeechTool,
    slidesTool,
    webdevInitProjectTool,
  ],
  openingSteps: [
    {
      tool: 'message',
      actionType: 'message.info',
      expected: '`message` with type `info`',
      why: 'a brief acknowledgment of the new request, without solutions',
    },
    {
      tool: 'plan',
      actionType: 'plan.update',
      expected: '`plan` with action `update`',
      why: 'the plan for the new request: a goal and its phases',
    },
  ],
  runtimeAsk: { tool: 'message', actionType: 'message.ask', metaKind: 'message' },
  notes: {
    noToolCall: 'Every response must call exactly one tool; use `message` for anything the user should read.',
    compaction:
      "The context neared the model's window, so older bulky observations now show only an excerpt; each names its full_observation file, which file.read can open when the details are needed again.",
  },
});

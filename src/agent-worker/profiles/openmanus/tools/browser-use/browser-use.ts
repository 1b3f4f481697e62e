import { z } from 'zod';
import { defineTool, type Tool } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { ToolContext } from '@/agent-worker/toolkit/tool-context.ts';
import type { ActionFacts } from '@/agent-worker/toolkit/tool-facts.ts';
import { actionSummary } from '@/shared/protocol/action-summary.ts';
import { runBrowserAction } from './browser-actions.ts';
import { BROWSER_ACTIONS, type BrowserParams } from './browser-params.ts';
import description from './browser-use.md?raw';

/** The fields each action needs (OpenManus' `dependencies`, shown to the model as it has them). */
const DEPENDENCIES = {
  go_to_url: ['url'],
  click_element: ['index'],
  input_text: ['index', 'text'],
  switch_tab: ['tab_id'],
  open_tab: ['url'],
  scroll_down: ['scroll_amount'],
  scroll_up: ['scroll_amount'],
  scroll_to_text: ['text'],
  send_keys: ['keys'],
  get_dropdown_options: ['index'],
  select_dropdown_option: ['index', 'text'],
  go_back: [],
  web_search: ['query'],
  wait: ['seconds'],
  extract_content: ['goal'],
} as const;

/** OpenManus' `browser_use` parameters, in its order. */
export const BrowserUseParameters = z
  .object({
    action: z.enum(BROWSER_ACTIONS).describe('The browser action to perform'),
    url: z.string().optional().describe("URL for 'go_to_url' or 'open_tab' actions"),
    index: z
      .number()
      .int()
      .optional()
      .describe(
        "Element index for 'click_element', 'input_text', 'get_dropdown_options', or 'select_dropdown_option' actions",
      ),
    text: z
      .string()
      .optional()
      .describe("Text for 'input_text', 'scroll_to_text', or 'select_dropdown_option' actions"),
    scroll_amount: z
      .number()
      .int()
      .optional()
      .describe(
        "Pixels to scroll (positive for down, negative for up) for 'scroll_down' or 'scroll_up' actions",
      ),
    tab_id: z.number().int().optional().describe("Tab ID for 'switch_tab' action"),
    query: z.string().optional().describe("Search query for 'web_search' action"),
    goal: z.string().optional().describe("Extraction goal for 'extract_content' action"),
    keys: z.string().optional().describe("Keys to send for 'send_keys' action"),
    seconds: z.number().int().optional().describe("Seconds to wait for 'wait' action"),
  })
  .meta({ dependencies: DEPENDENCIES });

/** One action at a time per conversation (OpenManus holds a lock): the tabs file is read, changed and saved whole. */
const queues = new Map<string, Promise<unknown>>();

function serialized<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(run, run);
  const settled = next.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/**
 * OpenManus' `browser_use` (seed 002). A web page is fetched and read as markdown through
 * the pages port; the conversation's own HTML pages load live in the agent's browser (the
 * live-previews port), where clicking, typing, keys, dropdowns and scrolling act on the
 * page itself. The tab state (tabs, each with its history, scroll position and whether
 * its page is live) lives in the workspace (`/home/ubuntu/.sandpiper/browser_use.json`),
 * so it survives a reload. Element actions on a page of another origin cannot be done
 * from this app, and say so and what to do instead.
 */
/** An action on the open page: "Browser: click element 3". */
const PAGE_ACTION: ActionFacts = {
  label: (args) => {
    const action = typeof args.action === 'string' ? args.action.replace(/_/g, ' ') : 'act';
    const index = typeof args.index === 'number' ? ` ${args.index}` : '';
    return actionSummary('use_browser', `${action}${index}`);
  },
  effect: 'reads',
};

const definedTool = defineTool({
  name: 'browser_use',
  description: description.trim(),
  metaKind: 'browser',
  parameters: BrowserUseParameters,
  actionKey: 'action',
  requiredFor: DEPENDENCIES,
  actions: {
    go_to_url: { label: withTarget('open_page', 'url'), effect: 'reads' },
    open_tab: { label: withTarget('open_page', 'url'), effect: 'reads' },
    web_search: { label: withTarget('search_web', 'query'), effect: 'reads' },
    extract_content: { label: withTarget('read_page', 'goal'), effect: 'reads' },
    click_element: PAGE_ACTION,
    input_text: PAGE_ACTION,
    scroll_down: PAGE_ACTION,
    scroll_up: PAGE_ACTION,
    scroll_to_text: PAGE_ACTION,
    send_keys: PAGE_ACTION,
    get_dropdown_options: PAGE_ACTION,
    select_dropdown_option: PAGE_ACTION,
    go_back: PAGE_ACTION,
    wait: PAGE_ACTION,
    switch_tab: PAGE_ACTION,
    close_tab: PAGE_ACTION,
  },
  execute: (params, context: ToolContext) =>
    serialized(context.conversationId, () => runBrowserAction(params as BrowserParams, context)),
});

/**
 * The tool with `dependencies` left out of its grammar shapes (each shape already requires
 * its action's fields; a grammar compiler need not know that keyword).
 */
export const browserUseTool: Tool = {
  ...definedTool,
  callShapes: definedTool.callShapes.map((shape) => {
    const { dependencies: _dependencies, ...parameters } = shape.parameters;
    return { ...shape, parameters };
  }),
};

import type { z } from 'zod';
import type { ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import type { BrowserMeta } from '@/shared/protocol/tool-meta/browser-meta.ts';

/** Seed 002's `browser_use` actions, in its order. */
export const BROWSER_ACTIONS = [
  'go_to_url',
  'click_element',
  'input_text',
  'scroll_down',
  'scroll_up',
  'scroll_to_text',
  'send_keys',
  'get_dropdown_options',
  'select_dropdown_option',
  'go_back',
  'web_search',
  'wait',
  'extract_content',
  'switch_tab',
  'open_tab',
  'close_tab',
] as const;

/** One `browser_use` call's arguments, as its schema has checked them. */
export type BrowserParams = {
  action: (typeof BROWSER_ACTIONS)[number];
  url?: string;
  index?: number;
  text?: string;
  scroll_amount?: number;
  tab_id?: number;
  query?: string;
  goal?: string;
  keys?: string;
  seconds?: number;
};

export type Outcome = ToolOutcome<z.input<typeof BrowserMeta>>;

import { z } from 'zod';
import { DEFAULT_WORKSPACE_LIMIT_BYTES } from './workspace.ts';

/** Provider and run settings. Secrets live only here (the `settings` table). */
export const AgentSettings = z.object({
  baseUrl: z.string(),
  apiKey: z.string(),
  model: z.string(),
  stepBudget: z.number().int().min(1).max(10_000),
  maxRetries: z.number().int().min(0).max(10),
  requestTimeoutMs: z.number().int().min(1_000),
  /** Size limit of each conversation's workspace. */
  workspaceLimitBytes: z.number().int().min(1024),
  /** URL prefixes the sandbox may fetch; empty means no network from the sandbox. */
  allowedUrlPrefixes: z.array(z.string().url()),
  /** The model's context window in tokens; older bulky observations are compacted near it. */
  contextWindowTokens: z.number().int().min(1024),
  /**
   * Compact older bulky observations once a request would pass this many tokens (or
   * 75% of the window, whichever comes first): long contexts cost on every step.
   */
  compactAtTokens: z.number().int().min(1024),
  /** Tokens a run may spend before the agent asks to go on; null means no limit. */
  tokenBudget: z.number().int().min(1000).nullable(),
  /** Use WebContainer (Node, npm, dev servers) instead of the virtual bash when it can boot. */
  nodeRuntime: z.boolean(),
});
export type AgentSettings = z.infer<typeof AgentSettings>;

export const DEFAULT_SETTINGS: AgentSettings = {
  baseUrl: 'https://api.openai.com/v1',
  apiKey: '',
  model: 'gpt-4o-mini',
  stepBudget: 50,
  maxRetries: 3,
  requestTimeoutMs: 120_000,
  workspaceLimitBytes: DEFAULT_WORKSPACE_LIMIT_BYTES,
  allowedUrlPrefixes: [],
  tokenBudget: null,
  nodeRuntime: false,
  contextWindowTokens: 128_000,
  compactAtTokens: 64_000,
};

import systemPrompt from './system.md?raw';

/** The system prompt: constant, no timestamps or counters, so the prompt prefix stays cacheable. */
export const SYSTEM_PROMPT: string = systemPrompt.trim();

import { COMPACT_BELOW_TOKENS } from '../../shared/protocol/providers.ts';
import type { ToolSpec } from '../llm/chat-messages.ts';
import { rewriteProse } from '../llm/model-schema.ts';
import type { ToolProfile } from '../toolkit/profile.ts';

/** The form of the tool descriptions a conversation's model reads (kept for the conversation's life). */
export type ToolDescriptions = 'full' | 'compact';

/** Below this window (tokens), a new conversation gets the compact descriptions. */
export const COMPACT_DESCRIPTIONS_BELOW_TOKENS = COMPACT_BELOW_TOKENS;

/** Tokens a window must hold beyond the instructions and tools for a conversation to fit at all. */
export const CONVERSATION_ROOM_TOKENS = 1024;
/** Characters per token of the instructions and tool list (measured with a Qwen2 tokenizer: 4.1–4.3). */
const FIXED_PROMPT_CHARS_PER_TOKEN = 4;

/** About how many tokens the profile's instructions and tool list take in every request. */
export function fixedPromptTokens(profile: ToolProfile): number {
  return Math.ceil((profile.systemPrompt.length + profile.specsChars) / FIXED_PROMPT_CHARS_PER_TOKEN);
}

/** The form a conversation starting with a model of `windowTokens` gets. */
export function descriptionsForWindow(windowTokens: number): ToolDescriptions {
  return windowTokens < COMPACT_DESCRIPTIONS_BELOW_TOKENS ? 'compact' : 'full';
}

/**
 * The profile as a conversation with `form` sees it. The compact form keeps every tool,
 * parameter, type and enum, and of each description its first sentence plus what it says
 * an action requires ("Required for `write` and `append` actions."): the Manus tool list
 * drops from about 5,400 to about 2,300 tokens, for windows of 4k–16k tokens. Derived
 * (not hand-written), so it follows the full form when that changes.
 */
export function withToolDescriptions(profile: ToolProfile, form: ToolDescriptions): ToolProfile {
  if (form === 'full') return profile;
  const specs = profile.specs.map(compactSpec);
  return { ...profile, specs, specsChars: JSON.stringify(specs).length };
}

function compactSpec(spec: ToolSpec): ToolSpec {
  const { name, description, parameters } = spec.function;
  return {
    type: 'function',
    function: {
      name,
      description: essentials(description),
      parameters: rewriteProse(parameters, (keyword, text) =>
        keyword === 'description' ? essentials(text) : text,
      ),
    },
  };
}

const SENTENCE = /[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g;
const REQUIREMENT = /^\(?\s*(Required (for|if)|Only used for|Optional and only used for)/;

/** A description's first sentence, and any sentence saying what requires it. */
function essentials(text: string): string {
  const sentences = text.replace(/\s+/g, ' ').trim().match(SENTENCE) ?? [];
  const [first, ...rest] = sentences.map((sentence) => sentence.trim());
  return [first, ...rest.filter((sentence) => REQUIREMENT.test(sentence))].filter(Boolean).join(' ');
}

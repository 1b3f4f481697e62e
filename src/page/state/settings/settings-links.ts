import type { NoticeKind } from '@/shared/protocol/events.ts';
import type { RuntimeAskReason } from '@/shared/protocol/tool-meta/message-meta.ts';
import { SETTINGS_SECTIONS, type SettingsSectionId } from './settings-sections.ts';

/** The notices that are about something Settings changes, and the section that changes it. */
const NOTICE_SECTIONS: Partial<Record<NoticeKind, SettingsSectionId>> = {
  mcp_unavailable: 'mcp',
  provider_error: 'providers',
  // "…has no prices, so what it spends is unknown. Add its prices in Settings → Providers."
  spend_cap: 'providers',
};

/** The Settings section a notice of `kind` concerns, or null when it concerns none. */
export function settingsSectionOfNotice(kind: NoticeKind): SettingsSectionId | null {
  return NOTICE_SECTIONS[kind] ?? null;
}

/** The runtime's own questions that a setting answers, and where that setting is. */
const RUNTIME_ASK_SECTIONS: Partial<Record<RuntimeAskReason, SettingsSectionId>> = {
  step_budget: 'runs',
  token_budget: 'runs',
  time_limit: 'runs',
  spend_cap: 'runs',
  provider_unavailable: 'providers',
};

/**
 * What a question's words are about, in the order they are tried: the first topic whose
 * pattern the text matches names the section. Specific topics come before the general
 * "provider / API key" one (an image endpoint's key is a Media setting).
 */
const TOPICS: readonly { section: SettingsSectionId; pattern: RegExp }[] = [
  { section: 'mcp', pattern: /\bMCP\b|model context protocol/i },
  { section: 'media', pattern: /\b(image|picture|photo|speech|voice|audio|text[- ]to[- ]speech|tts|media)/i },
  { section: 'x', pattern: /\b(X API|X proxy|X access token|tweet|post(ing)? (to|on) X)\b|\bx_\w+/i },
  { section: 'sandbox', pattern: /\b(node runtime|webcontainer|sandbox|npm|allow-?list|workspace size)/i },
  { section: 'models', pattern: /\b(in-browser model|webgpu|web-?llm|in this tab)/i },
  { section: 'search', pattern: /\b(search|searxng|brave|tavily|jina|cors proxy|allowed sites|web)/i },
  { section: 'runs', pattern: /\b(step budget|token budget|time limit|spend cap|retries)/i },
  { section: 'providers', pattern: /\b(provider|api key|model|base url|openai|openrouter|ollama)/i },
];

/** `Settings → Media`, `Settings > MCP servers`: the section a text names outright, if any. */
function namedSection(text: string): SettingsSectionId | null {
  const named = /Settings\s*(?:→|->|>|›)\s*([A-Za-z][\w &-]*)/i.exec(text)?.[1]?.trim().toLowerCase();
  if (!named) return null;
  const byLabel = SETTINGS_SECTIONS.find(
    (section) => named.startsWith(section.label.toLowerCase()) || named.startsWith(section.id),
  );
  if (byLabel) return byLabel.id;
  // Older names the agent's own messages use ("Settings → Search").
  return TOPICS.find((topic) => topic.pattern.test(named))?.section ?? null;
}

/**
 * The Settings section a question should open: for the runtime's own questions, the
 * setting behind it; for a question asking the person to set something up, the section
 * its words name ("Settings → Media") or are about (an MCP server, image generation, a
 * search key…). Null when nothing points anywhere (Settings opens at its first section).
 */
export function settingsSectionOfAsk(ask: {
  runtimeReason?: RuntimeAskReason | undefined;
  text: string;
}): SettingsSectionId | null {
  if (ask.runtimeReason) return RUNTIME_ASK_SECTIONS[ask.runtimeReason] ?? null;
  return namedSection(ask.text) ?? TOPICS.find((topic) => topic.pattern.test(ask.text))?.section ?? null;
}

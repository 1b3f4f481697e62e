import {
  MEMORY_DRAFTS_PATH,
  SKILL_DRAFTS_ROOT,
  SKILLS_ROOT,
  type StartContext,
} from '@/shared/protocol/know-how.ts';

/**
 * The system prompt a conversation's requests carry: the profile's, then what the
 * conversation started with (issue 28). A conversation older than start contexts gets the
 * profile's prompt alone, as before. With the compact tool descriptions (a window under
 * 16k tokens, where the instructions and tools must leave room for a conversation) the
 * conventions for keeping know-how are left out. Fixed for the conversation's life (its
 * form changes at most once, when a server's window turns out smaller than planned).
 */
export function systemPromptWith(
  profilePrompt: string,
  startContext: StartContext | undefined,
  form: 'full' | 'compact' = 'full',
): string {
  const text = startContext ? startContextText(startContext, form === 'full') : '';
  return text === '' ? profilePrompt : `${profilePrompt}\n\n${text}`;
}

/**
 * Skills as the Agent Skills format announces them (name, description and where SKILL.md
 * is: the body is read only when used), the project's standing instructions and files,
 * the memories, and how to save a skill or propose a memory with the profile's own file tools.
 */
export function startContextText(context: StartContext, withConventions = true): string {
  const sections: string[] = [];
  if (context.skills.length > 0) {
    const skills = context.skills.map(
      (skill) =>
        `<skill>\n<name>${escaped(skill.name)}</name>\n<description>${escaped(skill.description)}</description>\n<location>${escaped(skill.location)}</location>\n</skill>`,
    );
    sections.push(
      [
        '# Skills',
        `Installed skills, read-only under ${SKILLS_ROOT}/. When a task matches a skill's description, read its SKILL.md with your file tool before you start and follow it; the files it names are in its folder, and its scripts run in the sandbox.`,
        `<available_skills>\n${skills.join('\n')}\n</available_skills>`,
      ].join('\n'),
    );
  }
  if (context.project) {
    const { name, instructions, files } = context.project;
    const lines = [`# Project: ${name}`, 'This task belongs to the project. Its standing instructions:'];
    lines.push(instructions.trim() === '' ? '(none)' : instructions.trim());
    if (files.length > 0) {
      lines.push('Its knowledge files (read-only; read them when they bear on the task):');
      lines.push(...files.map((path) => `- ${path}`));
    }
    sections.push(lines.join('\n'));
  }
  if (context.memories.length > 0) {
    sections.push(
      [
        '# Memories',
        'What the person asked you to remember about them and how they like things done:',
        ...context.memories.map((memory) => `- ${memory.text}`),
      ].join('\n'),
    );
  }
  if (withConventions) {
    sections.push(
      [
        '# Keeping know-how',
        `- Asked to remember how to do something: save it as an Agent Skill, ${SKILL_DRAFTS_ROOT}/<name>/SKILL.md.`,
        `- A lasting fact about the person: append \`- <fact>\` to ${MEMORY_DRAFTS_PATH}.`,
      ].join('\n'),
    );
  }
  return sections.join('\n\n');
}

function escaped(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

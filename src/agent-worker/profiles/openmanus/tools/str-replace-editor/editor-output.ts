import { expandTabs } from '../../common/python-text.ts';

/** Lines of context around an edit in the snippet `str_replace` and `insert` show. */
export const SNIPPET_LINES = 4;
/** Longest file content an editor observation shows (characters), as OpenManus cuts it. */
export const MAX_RESPONSE_LEN = 16000;
/** What follows content cut at `MAX_RESPONSE_LEN` (OpenManus' text). */
export const TRUNCATED_MESSAGE =
  '<response clipped><NOTE>To save on context only part of this file has been shown to you. ' +
  'You should retry this tool after you have searched inside the file with `grep -n` ' +
  'in order to find the line numbers of what you are looking for.</NOTE>';

/** Content cut after `truncateAfter` characters with `TRUNCATED_MESSAGE` appended (`maybe_truncate`). */
export function maybeTruncate(content: string, truncateAfter = MAX_RESPONSE_LEN): string {
  if (content.length <= truncateAfter) return content;
  const characters = [...content];
  if (characters.length <= truncateAfter) return content;
  return characters.slice(0, truncateAfter).join('') + TRUNCATED_MESSAGE;
}

/**
 * Content as `cat -n` shows it (`_make_output`): cut at 16,000 characters, tabs
 * expanded, each line numbered from `initLine` in a six-wide column and a tab.
 */
export function makeOutput(fileContent: string, fileDescriptor: string, initLine = 1): string {
  const numbered = expandTabs(maybeTruncate(fileContent))
    .split('\n')
    .map((line, index) => `${String(index + initLine).padStart(6)}\t${line}`)
    .join('\n');
  return `Here's the result of running \`cat -n\` on ${fileDescriptor}:\n${numbered}\n`;
}

const FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_FOLDER_NAME = 64;

/**
 * Why `name` cannot be a project folder (one path segment under `/home/ubuntu`: letters,
 * digits, `.`, `_`, `-`, starting with a letter or digit, at most 64 characters), or null.
 */
export function folderNameProblem(name: string): string | null {
  if (name === '') return '`project_name` is empty.';
  if (name.length > MAX_FOLDER_NAME) return `\`project_name\` is longer than ${MAX_FOLDER_NAME} characters.`;
  if (!FOLDER_NAME.test(name)) {
    return `\`project_name\` "${name}" is not a single folder name: use letters, digits, \`-\`, \`_\` or \`.\`, starting with a letter or digit (for example "${suggestedName(name)}").`;
  }
  return null;
}

/** A usable folder name close to `name`, for the error message. */
function suggestedName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '')
    .slice(0, MAX_FOLDER_NAME);
  return slug === '' ? 'my-project' : slug;
}

/** A title from a folder name: `todo-app` → `Todo App`. */
export function titleFromName(name: string): string {
  return name
    .split(/[-_.]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

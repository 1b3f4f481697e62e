/**
 * The project templates under `/templates/<preset>/` at the repo root, loaded lazily: each
 * file is its own small chunk, fetched only when a project is scaffolded.
 */
const TEMPLATE_FILES = import.meta.glob<string>('/templates/**/*', { query: '?raw', import: 'default' });

/** The presets `webdev_init_project` offers (seed 000's `features`). */
export type TemplateName = 'web-static' | 'web-db-user';

/** What a template's placeholders are replaced with. */
export type TemplateValues = {
  /** `{{PROJECT_NAME}}`: the folder name. */
  projectName: string;
  /** `{{PROJECT_TITLE}}`: the human title. */
  projectTitle: string;
  /** `{{DESCRIPTION}}`: one or two sentences. */
  description: string;
};

/** A file of a rendered template; `path` is relative to the project folder. */
export type TemplateFile = { path: string; text: string };

const PLACEHOLDER = /\{\{(PROJECT_NAME|PACKAGE_NAME|PROJECT_TITLE|DESCRIPTION)\}\}/g;

/**
 * The files of a template, sorted by path, with their placeholders filled in and escaped
 * for the file's kind (HTML in `.html`, a JSON string in `.json`, as is elsewhere).
 * `{{PACKAGE_NAME}}` is the project name in lower case (npm names have no capitals).
 */
export async function renderTemplate(name: TemplateName, values: TemplateValues): Promise<TemplateFile[]> {
  const prefix = `/templates/${name}/`;
  const entries = Object.entries(TEMPLATE_FILES)
    .filter(([key]) => key.startsWith(prefix))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) throw new Error(`The template ${name} has no files in this build.`);
  return Promise.all(
    entries.map(async ([key, load]) => {
      const path = key.slice(prefix.length);
      return { path, text: fillPlaceholders(await load(), path, values) };
    }),
  );
}

/** Replaces the placeholders of one file, escaped for the file's kind. */
export function fillPlaceholders(text: string, path: string, values: TemplateValues): string {
  const escapeValue = escaperFor(path);
  const replacements: Record<string, string> = {
    PROJECT_NAME: values.projectName,
    PACKAGE_NAME: values.projectName.toLowerCase(),
    PROJECT_TITLE: values.projectTitle,
    DESCRIPTION: values.description,
  };
  return text.replace(PLACEHOLDER, (_, key: string) => escapeValue(replacements[key] ?? ''));
}

function escaperFor(path: string): (value: string) => string {
  if (path.endsWith('.html')) return escapeHtml;
  if (path.endsWith('.json')) return (value) => JSON.stringify(value).slice(1, -1);
  return (value) => value;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

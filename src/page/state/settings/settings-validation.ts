import type { AgentSettings } from '@/shared/protocol/settings.ts';
import { type McpForm, type McpProblem, mcpFieldId, validateMcpForm } from './mcp-form.ts';
import { type MediaForm, type MediaProblem, mediaFieldId, validateMediaForm } from './media-form.ts';
import { type ProviderProblem, validateProvidersForm } from './provider-validation.ts';
import type { ProvidersForm } from './providers-form.ts';
import { type SearchForm, type SearchProblem, validateSearchForm } from './search-form.ts';
import { type SettingsForm, type SettingsFormProblem, validateSettingsForm } from './settings-form.ts';
import { SETTINGS_SECTION_IDS, type SettingsSectionId } from './settings-sections.ts';
import { validateXForm, type XForm, type XProblem, xFieldId } from './x-form.ts';

/** Everything the Settings dialog edits before Save, one form per part. */
export type SettingsForms = {
  providers: ProvidersForm;
  /** The run and sandbox fields. */
  run: SettingsForm;
  search: SearchForm;
  media: MediaForm;
  mcp: McpForm;
  x: XForm;
};

/**
 * A field Save refused, placed: the section that holds it, the id of its input (where the
 * message is shown, and what takes focus), the provider it belongs to for a provider's field
 * (only the provider being edited shows its fields, all under the same ids), and why.
 */
export type FieldIssue = {
  section: SettingsSectionId;
  fieldId: string;
  providerId: string | null;
  message: string;
};

/**
 * What Save finds: the settings to store, or every field that is wrong (in the order the
 * sections are listed) and, rarely, a refusal that belongs to no field (`formError`).
 */
export type SettingsCheck =
  | { ok: true; settings: AgentSettings }
  | { ok: false; issues: FieldIssue[]; formError: string | null };

/** The run fields that sit under Runs; the form's other fields are the Sandbox's. */
const RUN_FIELDS: ReadonlySet<keyof SettingsForm> = new Set<keyof SettingsForm>([
  'stepBudget',
  'maxRetries',
  'tokenBudget',
  'runTimeLimitMinutes',
  'spendCapPerRunUsd',
  'spendCapPerDayUsd',
  'interruptedRuns',
]);

/** Where a provider's refused field is. */
export function providerIssue(problem: ProviderProblem): FieldIssue {
  return {
    section: 'providers',
    fieldId: `provider-${problem.field}`,
    providerId: problem.providerId,
    message: problem.message,
  };
}

/** Where a refused run or sandbox field is. */
export function runIssue(problem: SettingsFormProblem): FieldIssue {
  return {
    section: RUN_FIELDS.has(problem.field) ? 'runs' : 'sandbox',
    fieldId: `settings-${problem.field}`,
    providerId: null,
    message: problem.message,
  };
}

/** Where a refused field of Web & search is. */
export function searchIssue(problem: SearchProblem): FieldIssue {
  return {
    section: 'search',
    fieldId: `settings-${problem.field}`,
    providerId: null,
    message: problem.message,
  };
}

/** Where a refused field of a media endpoint is. */
export function mediaIssue(problem: MediaProblem): FieldIssue {
  return {
    section: 'media',
    fieldId: mediaFieldId(problem.kind, problem.field),
    providerId: null,
    message: problem.message,
  };
}

/** Where a refused field of an MCP server is. */
export function mcpIssue(problem: McpProblem): FieldIssue {
  return {
    section: 'mcp',
    fieldId: mcpFieldId(problem.serverId, problem.field),
    providerId: null,
    message: problem.message,
  };
}

/** Where a refused field of X is. */
export function xIssue(problem: XProblem): FieldIssue {
  return { section: 'x', fieldId: xFieldId(problem.field), providerId: null, message: problem.message };
}

/**
 * Checks every form and merges them over `current`, in the order the dialog always saved
 * them (providers, run and sandbox, search, media, MCP, X). Pure. A part that is wrong adds
 * its issues and is left out of what the next parts build on, so every part is checked.
 */
export function validateSettings(forms: SettingsForms, current: AgentSettings): SettingsCheck {
  const issues: FieldIssue[] = [];
  let formError: string | null = null;
  let settings = current;

  const providers = validateProvidersForm(forms.providers);
  if (providers.ok) {
    settings = { ...settings, providers: providers.providers, activeProviderId: providers.activeProviderId };
  } else issues.push(...providers.problems.map(providerIssue));

  const run = validateSettingsForm(forms.run, settings);
  if (run.ok) settings = run.settings;
  else if (run.problems.length === 0) formError = run.message;
  else issues.push(...run.problems.map(runIssue));

  // After search: the search form holds every tool key as opened; media sets its own.
  const search = validateSearchForm(forms.search, settings);
  if (search.ok) settings = search.settings;
  else issues.push(...search.problems.map(searchIssue));

  const media = validateMediaForm(forms.media, settings);
  if (media.ok) settings = media.settings;
  else issues.push(...media.problems.map(mediaIssue));

  const mcp = validateMcpForm(forms.mcp, settings);
  if (mcp.ok) settings = mcp.settings;
  else issues.push(...mcp.problems.map(mcpIssue));

  const x = validateXForm(forms.x, settings);
  if (x.ok) settings = x.settings;
  else issues.push(...x.problems.map(xIssue));

  if (issues.length === 0 && formError === null) return { ok: true, settings };
  return { ok: false, issues: inSectionOrder(issues), formError };
}

/** The issues sorted by their section's place in the index (stable within a section). */
function inSectionOrder(issues: readonly FieldIssue[]): FieldIssue[] {
  const place = (issue: FieldIssue) => SETTINGS_SECTION_IDS.indexOf(issue.section);
  return [...issues].sort((first, second) => place(first) - place(second));
}

/** How many issues each section has (sections without any are absent). */
export function issueCounts(issues: readonly FieldIssue[]): Partial<Record<SettingsSectionId, number>> {
  const counts: Partial<Record<SettingsSectionId, number>> = {};
  for (const issue of issues) counts[issue.section] = (counts[issue.section] ?? 0) + 1;
  return counts;
}

/** The save bar's line for refused fields: "1 field needs attention", "3 fields need attention". */
export function issuesSummary(count: number): string {
  return count === 1 ? '1 field needs attention' : `${count} fields need attention`;
}

/**
 * The issues without the one a person just edited (`fieldId`, of `providerId` for a
 * provider's field): its message goes as soon as its field changes.
 */
export function withoutIssue(
  issues: readonly FieldIssue[],
  fieldId: string,
  providerId: string | null,
): FieldIssue[] {
  return issues.filter(
    (issue) => issue.fieldId !== fieldId || (issue.providerId !== null && issue.providerId !== providerId),
  );
}

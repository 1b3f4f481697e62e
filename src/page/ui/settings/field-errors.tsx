import { type Accessor, createContext, Show, useContext } from 'solid-js';
import type { FieldIssue } from '../../state/settings/settings-validation.ts';

/** The fields the last Save refused, for the inputs of every section to show under themselves. */
export const FieldErrorsContext = createContext<Accessor<readonly FieldIssue[]>>(() => []);

/** The id of the message under a refused input (what the input names as its description). */
export function fieldErrorId(fieldId: string): string {
  return `${fieldId}-error`;
}

/**
 * What the last Save said about the inputs of a section: `providerId` is the provider whose
 * fields are shown (provider fields share their ids; other fields have ids of their own).
 */
export function useFieldErrors(providerId?: () => string | null) {
  const issues = useContext(FieldErrorsContext);
  const owner = () => providerId?.() ?? null;
  const message = (fieldId: string): string | null =>
    issues().find(
      (issue) => issue.fieldId === fieldId && (issue.providerId === null || issue.providerId === owner()),
    )?.message ?? null;
  return {
    /** Why Save refused the input `fieldId`, or null. */
    message,
    /** `aria-invalid` for the input. */
    invalid: (fieldId: string): 'true' | undefined => (message(fieldId) === null ? undefined : 'true'),
    /** `aria-describedby` for the input: its error first (when refused), then its hints. */
    describedBy: (fieldId: string, ...hints: (string | undefined)[]): string | undefined => {
      const ids = [message(fieldId) === null ? undefined : fieldErrorId(fieldId), ...hints].filter(Boolean);
      return ids.length > 0 ? ids.join(' ') : undefined;
    },
    /** True when Save refused a field of the provider `id` (its row says so while it is closed). */
    hasProviderIssue: (id: string): boolean => issues().some((issue) => issue.providerId === id),
  };
}

/** The reason Save refused the input `fieldId`, right under it (nothing when it was not refused). */
export function FieldError(props: { fieldId: string; providerId?: string | null }) {
  const errors = useFieldErrors(() => props.providerId ?? null);
  return (
    <Show when={errors.message(props.fieldId)}>
      {(text) => (
        <p class="field-error" id={fieldErrorId(props.fieldId)}>
          {text()}
        </p>
      )}
    </Show>
  );
}

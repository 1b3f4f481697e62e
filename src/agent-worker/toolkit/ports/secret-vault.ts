import { redactedSecret, type SecretsPort } from './secrets-port.ts';

/**
 * The keys of one run that tools may read by name (settings' `toolKeys`), and their
 * redaction: `redact` replaces each, as written and URL-encoded, wherever it appears in
 * what the run writes or announces. `redactedOnly` are secrets no tool may read (providers'
 * API keys, MCP tokens: they go only to their own server, never through a tool) but that
 * are redacted all the same, since a careless server can quote them back in an error.
 */
export class SecretVault implements SecretsPort {
  private readonly replacements: [value: string, replacement: string][];
  /** The longest text that is replaced (a stream must hold back one character less). */
  private readonly longest: number;

  constructor(
    private readonly toolKeys: Readonly<Record<string, string>>,
    redactedOnly: Readonly<Record<string, string>> = {},
  ) {
    const byValue = new Map<string, string>();
    for (const [name, value] of [...Object.entries(redactedOnly), ...Object.entries(toolKeys)]) {
      if (value === '') continue;
      const replacement = redactedSecret(name.replace(/[^\w .:-]/g, '_'));
      byValue.set(value, replacement);
      const encoded = encodeURIComponent(value);
      if (encoded !== value) byValue.set(encoded, replacement);
    }
    // Longest first, so a key that contains another is replaced whole.
    this.replacements = [...byValue].sort(([first], [second]) => second.length - first.length);
    this.longest = this.replacements[0]?.[0].length ?? 0;
  }

  async get(name: string): Promise<string | null> {
    if (!Object.hasOwn(this.toolKeys, name)) return null;
    const value = this.toolKeys[name];
    return value === undefined || value === '' ? null : value;
  }

  /** `value` with every key replaced, deeply (strings in objects and arrays); other values as they are. */
  redact<T>(value: T): T {
    if (this.replacements.length === 0) return value;
    return this.redactValue(value) as T;
  }

  /** Anything thrown, with any key in its message replaced (an `Error` stays an `Error` of its name). */
  redactError(error: unknown): unknown {
    if (this.replacements.length === 0) return error;
    if (!(error instanceof Error)) return typeof error === 'string' ? this.redactText(error) : error;
    const message = this.redactText(error.message);
    if (message === error.message) return error;
    const redacted = new Error(message);
    redacted.name = error.name;
    return redacted;
  }

  /**
   * A redactor for one stream of text that arrives in chunks: a key split across two
   * chunks is still replaced. Each call returns what may be shown now; the last few
   * characters that could begin a key are held back until the next chunk (the action's
   * envelope, redacted whole, has everything once it ends).
   */
  streamRedactor(): (chunk: string) => string {
    if (this.replacements.length === 0) return (chunk) => chunk;
    let held = '';
    return (chunk) => {
      const text = held + chunk;
      let cut = Math.max(0, text.length - (this.longest - 1));
      // A key that starts before the cut is whole within `text`: never cut through one.
      for (const [secret] of this.replacements) {
        for (let at = text.indexOf(secret); at >= 0 && at < cut; at = text.indexOf(secret, at + 1)) {
          cut = Math.max(cut, at + secret.length);
        }
      }
      held = text.slice(cut);
      return this.redactText(text.slice(0, cut));
    };
  }

  /**
   * A copy of `value` with every string redacted. Iterative: a model may send arguments
   * nested thousands deep, past what the call stack holds (found by the runtime fuzz).
   */
  private redactValue(value: unknown): unknown {
    let result: unknown;
    const pending: [input: unknown, assign: (output: unknown) => void][] = [
      [
        value,
        (output) => {
          result = output;
        },
      ],
    ];
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [input, assign] = next;
      if (typeof input === 'string') assign(this.redactText(input));
      else if (Array.isArray(input)) {
        const output: unknown[] = new Array(input.length);
        assign(output);
        input.forEach((item, index) => {
          pending.push([
            item,
            (field) => {
              output[index] = field;
            },
          ]);
        });
      } else if (input !== null && typeof input === 'object' && !(input instanceof Uint8Array)) {
        const output: Record<string, unknown> = {};
        assign(output);
        // Defined, not assigned: a `__proto__` key stays a field, as Object.fromEntries keeps it.
        // Every key is defined first, in order, and filled in later (redefining keeps its place).
        const define = (key: string, value: unknown) =>
          Object.defineProperty(output, key, { value, enumerable: true, writable: true, configurable: true });
        for (const [key, field] of Object.entries(input)) {
          define(key, undefined);
          pending.push([field, (redacted) => define(key, redacted)]);
        }
      } else assign(input);
    }
    return result;
  }

  private redactText(text: string): string {
    let result = text;
    for (const [secret, replacement] of this.replacements) {
      if (result.includes(secret)) result = result.split(secret).join(replacement);
    }
    return result;
  }
}

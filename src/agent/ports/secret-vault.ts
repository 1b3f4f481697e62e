import { redactedSecret, type SecretsPort } from '../../protocol/ports/secrets.ts';

/**
 * The secrets of one run: the named keys tools may read (settings' `toolKeys`), and every
 * secret the settings hold (tool keys and providers' API keys), which `redact` replaces
 * wherever they appear — as written and URL-encoded — in what the run writes or announces.
 */
export class SecretVault implements SecretsPort {
  private readonly replacements: [value: string, replacement: string][];

  constructor(
    private readonly toolKeys: Readonly<Record<string, string>>,
    /** Other secrets that must never be written (providers' API keys), by a name for the note. */
    otherSecrets: Readonly<Record<string, string>> = {},
  ) {
    const byValue = new Map<string, string>();
    for (const [name, value] of [...Object.entries(otherSecrets), ...Object.entries(toolKeys)]) {
      if (value === '') continue;
      byValue.set(value, redactedSecret(name));
      const encoded = encodeURIComponent(value);
      if (encoded !== value) byValue.set(encoded, redactedSecret(name));
    }
    // Longest first, so a key that contains another is replaced whole.
    this.replacements = [...byValue].sort(([first], [second]) => second.length - first.length);
  }

  async get(name: string): Promise<string | null> {
    const value = this.toolKeys[name];
    return value === undefined || value === '' ? null : value;
  }

  /** `value` with every secret replaced, deeply (strings in objects and arrays); other values as they are. */
  redact<T>(value: T): T {
    if (this.replacements.length === 0) return value;
    return this.redactValue(value) as T;
  }

  /** A thrown error whose message carried a secret, with the secret replaced (the same error otherwise). */
  redactError(error: unknown): unknown {
    if (!(error instanceof Error) || this.replacements.length === 0) return error;
    const message = this.redactText(error.message);
    if (message === error.message) return error;
    const redacted = new Error(message);
    redacted.name = error.name;
    return redacted;
  }

  private redactValue(value: unknown): unknown {
    if (typeof value === 'string') return this.redactText(value);
    if (Array.isArray(value)) return value.map((item) => this.redactValue(item));
    if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, this.redactValue(field)]));
    }
    return value;
  }

  private redactText(text: string): string {
    let result = text;
    for (const [secret, replacement] of this.replacements) {
      if (result.includes(secret)) result = result.split(secret).join(replacement);
    }
    return result;
  }
}

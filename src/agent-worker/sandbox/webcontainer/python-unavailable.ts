/** `python3`, `python`, `pip` or `pip3` as a command word: at the start or after `;`, `&&`, `||`, `|`, `(`. */
const PYTHON_COMMAND = /(?:^|[;&|(]|\bthen\b|\bdo\b)\s*(?:\w+=\S*\s+)*(python3?|pip3?)(?=\s|$|;|&|\|)/;

/**
 * What the Node runtime answers to a command that runs Python: WebContainer has no Python,
 * the virtual sandbox does (Pyodide). Null for any other command.
 */
export function pythonUnavailableMessage(command: string): string | null {
  const match = PYTHON_COMMAND.exec(command);
  if (!match) return null;
  return `${match[1]}: Python is not available under the Node runtime (WebContainer runs Node.js only). Turn the Node runtime off in Settings → Sandbox to use the virtual sandbox, which has python3 and pip (Pyodide).\n`;
}

export { AGENT_FRAME_NAME } from '../shared/protocol/preview-limits.ts';

/**
 * `alert`, `confirm` and `prompt` for the page in the agent's frame, answered at once as
 * browser-use does (OK, and a prompt's default text): nobody sees that frame, and a real
 * dialog would block the page and show over the app. What each said is kept for the next
 * report to the agent (`take`).
 */
export function answerDialogs(): { take(): string[] } {
  let said: string[] = [];
  const note = (text: string) => {
    said.push(text.slice(0, 500));
    if (said.length > 20) said = said.slice(-20);
  };
  window.alert = (message?: unknown) =>
    note(`The page showed an alert: “${String(message ?? '')}” (dismissed).`);
  window.confirm = (message?: string) => {
    note(`The page asked to confirm: “${message ?? ''}” (answered OK).`);
    return true;
  };
  window.prompt = (message?: string, defaultText?: string) => {
    note(`The page asked: “${message ?? ''}” (answered “${defaultText ?? ''}”).`);
    return defaultText ?? '';
  };
  window.print = () => note('The page asked to print (nothing was printed).');
  return {
    take() {
      const taken = said;
      said = [];
      return taken;
    },
  };
}

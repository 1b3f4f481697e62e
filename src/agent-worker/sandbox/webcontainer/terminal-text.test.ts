import { expect, it } from 'vitest';
import { plainTerminalText } from './terminal-text.ts';

it('turns terminal output into plain text: no escapes, LF line ends, the last state of rewritten lines', () => {
  const output =
    '\u001b]654;interactive\u0007\u001b[1m\u001b[32madded\u001b[39m\u001b[22m 3 packages\r\n' +
    '⠋ installing\r⠙ installing\r\u001b[2Kdone\r\n' +
    'plain line\n';
  expect(plainTerminalText(output)).toBe('added 3 packages\ndone\nplain line\n');
});

import { describe, expect, it } from 'vitest';
import { pythonUnavailableMessage } from './python-unavailable.ts';

describe('pythonUnavailableMessage', () => {
  it('answers commands that run Python, pointing to the virtual sandbox', () => {
    for (const command of [
      'python3 -c "print(1)"',
      'python script.py',
      'cd app && pip install numpy',
      'ls | python3 -',
      'X=1 python3 a.py',
    ]) {
      expect(pythonUnavailableMessage(command)).toContain('Turn the Node runtime off');
    }
    expect(pythonUnavailableMessage('pip3 install x')).toMatch(
      /^pip3: Python is not available under the Node runtime/,
    );
  });

  it('leaves other commands alone, including ones that only mention python', () => {
    for (const command of ['npm test', 'echo python3', 'cat python.txt', 'node python3.js', 'ls pip']) {
      expect(pythonUnavailableMessage(command)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { settingsSectionOfAsk, settingsSectionOfNotice } from './settings-links.ts';

describe('links from the conversation into Settings', () => {
  it('sends the notices about settings to their section, and no other', () => {
    expect(settingsSectionOfNotice('mcp_unavailable')).toBe('mcp');
    expect(settingsSectionOfNotice('provider_error')).toBe('providers');
    expect(settingsSectionOfNotice('spend_cap')).toBe('providers');
    expect(settingsSectionOfNotice('stopped')).toBeNull();
    expect(settingsSectionOfNotice('reply')).toBeNull();
  });

  it('sends the runtime’s questions to the setting behind them, whatever their words', () => {
    const text = 'The MCP server and image endpoint are fine.';
    expect(settingsSectionOfAsk({ runtimeReason: 'token_budget', text })).toBe('runs');
    expect(settingsSectionOfAsk({ runtimeReason: 'spend_cap', text })).toBe('runs');
    expect(settingsSectionOfAsk({ runtimeReason: 'provider_unavailable', text })).toBe('providers');
    expect(settingsSectionOfAsk({ runtimeReason: 'failures', text })).toBeNull();
  });

  it('takes a section a question names outright over its topic', () => {
    expect(settingsSectionOfAsk({ text: 'Please add a key in Settings → Media (it is for speech).' })).toBe(
      'media',
    );
    expect(settingsSectionOfAsk({ text: 'Switch it on in Settings > MCP servers.' })).toBe('mcp');
    expect(settingsSectionOfAsk({ text: 'Turn on Settings → Sandbox → Node runtime to run npm.' })).toBe(
      'sandbox',
    );
    expect(settingsSectionOfAsk({ text: 'Set a Brave key in Settings → Search, please.' })).toBe('search');
  });

  it('otherwise goes by what the question is about', () => {
    expect(settingsSectionOfAsk({ text: 'Image generation needs a provider key.' })).toBe('media');
    expect(settingsSectionOfAsk({ text: 'The GitHub MCP server needs a token.' })).toBe('mcp');
    expect(settingsSectionOfAsk({ text: 'I need a search API key to look this up.' })).toBe('search');
    expect(settingsSectionOfAsk({ text: 'The dev server needs the Node runtime.' })).toBe('sandbox');
    expect(settingsSectionOfAsk({ text: 'Posting needs the X proxy and an X access token.' })).toBe('x');
    expect(settingsSectionOfAsk({ text: 'Please add an API key for your provider.' })).toBe('providers');
    expect(settingsSectionOfAsk({ text: 'Which colour do you like?' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS_SECTION,
  SETTINGS_SECTION_IDS,
  SETTINGS_SECTIONS,
  sectionAfterKey,
  settingsHash,
  settingsSection,
  settingsSectionFromHash,
} from './settings-sections.ts';

describe('the Settings sections', () => {
  it('lists every section once, Providers first, each with a name and a line', () => {
    expect(SETTINGS_SECTIONS.map((section) => section.id)).toEqual([...SETTINGS_SECTION_IDS]);
    expect(SETTINGS_SECTIONS[0]?.id).toBe(DEFAULT_SETTINGS_SECTION);
    expect(new Set(SETTINGS_SECTIONS.map((section) => section.label)).size).toBe(SETTINGS_SECTIONS.length);
    for (const section of SETTINGS_SECTIONS) expect(section.summary).not.toBe('');
    expect(settingsSection('mcp').label).toBe('MCP servers');
  });

  it('moves through the index with the arrows (wrapping), Home and End; other keys are not its own', () => {
    expect(sectionAfterKey('providers', 'ArrowDown')).toBe('models');
    expect(sectionAfterKey('providers', 'ArrowRight')).toBe('models');
    expect(sectionAfterKey('models', 'ArrowUp')).toBe('providers');
    expect(sectionAfterKey('providers', 'ArrowUp')).toBe('storage');
    expect(sectionAfterKey('storage', 'ArrowDown')).toBe('providers');
    expect(sectionAfterKey('storage', 'ArrowLeft')).toBe('memory');
    expect(sectionAfterKey('x', 'ArrowDown')).toBe('skills');
    expect(sectionAfterKey('skills', 'ArrowDown')).toBe('memory');
    expect(sectionAfterKey('media', 'Home')).toBe('providers');
    expect(sectionAfterKey('media', 'End')).toBe('storage');
    expect(sectionAfterKey('media', 'Enter')).toBeNull();
    expect(sectionAfterKey('media', 'a')).toBeNull();
  });

  it('reads #settings/<section> addresses, and makes them', () => {
    expect(settingsSectionFromHash('#settings/mcp')).toBe('mcp');
    expect(settingsSectionFromHash(settingsHash('storage'))).toBe('storage');
    expect(settingsSectionFromHash('#settings/%')).toBeNull();
    expect(settingsSectionFromHash('#settings/%E0%A4%A')).toBeNull();
    expect(settingsSectionFromHash('#settings')).toBe('providers');
    expect(settingsSectionFromHash('#settings/')).toBe('providers');
    expect(settingsSectionFromHash('#settings/nowhere')).toBeNull();
    expect(settingsSectionFromHash('#/c/abc')).toBeNull();
    expect(settingsSectionFromHash('')).toBeNull();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { type AppHarness, showSettingsSection, startApp } from './app-harness.ts';

let harness: AppHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function openInBrowserModels(app: AppHarness) {
  await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'In-browser models');
  return { dialog, section: dialog.getByRole('group', { name: 'In-browser model' }) };
}

describe('Settings → In-browser model', () => {
  it('lists the models for WebGPU’s software adapter: f16 unsupported, f32 offered; a failed download is explained', async () => {
    harness = await startApp({ launchArgs: ['--enable-unsafe-webgpu'] });
    const { page } = harness;
    const { dialog, section } = await openInBrowserModels(harness);
    const status = section.locator('#local-models-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('WebGPU:');
    expect(await status.textContent()).toContain('no shader-f16');
    expect(await section.getAttribute('disabled')).toBeNull();

    const models = section.locator('.model-item');
    const fits = await models.evaluateAll((items) =>
      items.map((item) => ({
        id: item.getAttribute('data-model-id') ?? '',
        fit: item.getAttribute('data-fit'),
      })),
    );
    const f16 = fits.filter((model) => /f16/.test(model.id));
    const f32 = fits.filter((model) => /q\d+f32/.test(model.id));
    expect(f16.length).toBeGreaterThan(10);
    expect(f16.every((model) => model.fit === 'unsupported')).toBe(true);
    expect(f32.length).toBeGreaterThan(10);
    expect(f32.every((model) => model.fit !== 'unsupported')).toBe(true);
    // Compatible models come first.
    expect(fits[0]?.fit).toBe('compatible');

    await section.getByText(/^Unsupported on this GPU/).click();
    const unsupported = section.locator(`.model-item[data-model-id="${f16[0]?.id}"]`);
    expect(await unsupported.locator('.model-reasons').textContent()).toContain(
      'needs the WebGPU feature shader-f16, which this GPU lacks',
    );
    expect(await unsupported.getByRole('button', { name: `Download ${f16[0]?.id}` }).isDisabled()).toBe(true);
    await section.getByText(/^Unsupported on this GPU/).click();

    // The smallest compatible f32 model: the first of its group.
    const chosen = fits.find((model) => model.fit === 'compatible' && /f32/.test(model.id))!;
    await section.getByLabel('Filter by name').fill(chosen.id);
    const matching = fits.filter((model) => model.id.toLowerCase().includes(chosen.id.toLowerCase()));
    await expect.poll(() => models.count()).toBe(matching.length);
    expect(matching.length).toBeLessThan(fits.length);
    const row = section.locator(`.model-item[data-model-id="${chosen.id}"]`);
    expect(await row.textContent()).toMatch(/q\d+f32(_1)? · about [\d,]+ MB of GPU memory/);
    await section.scrollIntoViewIfNeeded();
    await harness.screenshot('webllm-models-1440');

    await row.getByRole('button', { name: `Download ${chosen.id}` }).click();
    const failure = row.getByRole('alert');
    await failure.waitFor({ timeout: 60_000 });
    const message = (await failure.textContent()) ?? '';
    expect(message).toContain(`Could not download ${chosen.id}:`);
    expect(message).toContain('check your connection');
    expect(await row.getByRole('progressbar').count()).toBe(0);
    await harness.screenshot('webllm-download-failed-1440');

    // Usable afterwards: the download can be tried again, and settings still save.
    const download = row.getByRole('button', { name: `Download ${chosen.id}` });
    expect(await download.isEnabled()).toBe(true);
    await section.getByLabel('Filter by name').fill('');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await dialog.waitFor();
    await showSettingsSection(dialog, 'In-browser models');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('WebGPU:');
  });

  it('shows the section disabled, with the reason, in a browser without WebGPU', async () => {
    harness = await startApp();
    const { section } = await openInBrowserModels(harness);
    await expect
      .poll(() => section.locator('#local-models-status').textContent(), { timeout: 30_000 })
      .toContain('Not available in this browser:');
    expect(await section.getAttribute('disabled')).not.toBeNull();
    expect(await section.locator('#local-models-status').textContent()).toMatch(/WebGPU|GPU adapter/);
    expect(await section.locator('.model-item').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await harness.screenshot('webllm-unavailable-1440');
  });
});

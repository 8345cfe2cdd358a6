import { type Browser, chromium } from '@playwright/test';

/**
 * The desktop browser's own pages, which the full Chromium (156 here) renders beside the page under
 * test: with every new window it preloads its omnibox popup, a WebUI page in a renderer of its own
 * that took as much CPU as the dashboard itself during a cold load (1.58 s against 1.63 s, on 2
 * cores). A phone's page shares its CPU with none of that.
 */
const DESKTOP_WEBUI = [
  'InitialWebUI',
  'WebUIToolbarProcessOverheadExperiment',
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

const executablePath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Playwright's own --disable-features, as the browser was started with them: a second flag would
 * replace them (Chromium reads the last), so the one passed carries both lists.
 */
async function playwrightDisabledFeatures(): Promise<string[]> {
  const probe = await chromium.launch({ executablePath: executablePath() });
  try {
    const page = await probe.newPage();
    await page.goto('chrome://version');
    const commandLine = await page.locator('#command_line').innerText();
    const flag = commandLine.split(/\s+/).find((arg) => arg.startsWith('--disable-features='));
    return flag ? flag.slice('--disable-features='.length).split(',') : [];
  } finally {
    await probe.close();
  }
}

/** The full Chromium the screen benches measure with, without the desktop's WebUI beside the page. */
export async function launchPageBrowser(): Promise<Browser> {
  const disabled = [...new Set([...(await playwrightDisabledFeatures()), ...DESKTOP_WEBUI])];
  return chromium.launch({
    executablePath: executablePath(),
    args: [`--disable-features=${disabled.join(',')}`],
  });
}

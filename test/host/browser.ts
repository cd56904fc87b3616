/**
 * Headless Debian Chromium driven by playwright-core (which ships no browser of its own; the
 * Playwright browser download needs the internet, Debian's chromium package does not).
 */
import { execFileSync } from 'child_process';
import { Browser, chromium } from 'playwright-core';

/** Flags for an offline headless run: no sandbox as root, no GPU, and no background network traffic. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** $CHROMIUM_PATH, else `command -v chromium`. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('chromium not found: run "bash scripts/setup.sh" (installs the Debian chromium package)');
  }
}

/** A fresh browser; each `browser.newContext()` is a fresh profile (fresh SecretStorage too). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}

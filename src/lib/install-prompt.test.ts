import { describe, expect, it, vi } from 'vitest';
import { installPrompt, needsIosInstallHint, onInstallPrompt, promptInstall } from './install-prompt';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const CHROME_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';

describe('install prompt', () => {
  it('keeps the browser’s offer, tells listeners, and spends it once the user answered', async () => {
    const seen = vi.fn();
    const stop = onInstallPrompt(seen);
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(installPrompt()).toBe(event);
    expect(await promptInstall()).toBe('dismissed');
    expect(prompt).toHaveBeenCalledOnce();
    expect(installPrompt()).toBeNull();
    expect(seen.mock.calls.map(([value]) => value)).toEqual([event, null]);
    expect(await promptInstall()).toBe('unavailable');
    stop();
  });

  it('gives the share-menu hint to iPhone Safari only, and not once installed', () => {
    expect(needsIosInstallHint({ userAgent: SAFARI_IPHONE })).toBe(true);
    expect(needsIosInstallHint({ userAgent: SAFARI_IPHONE, standalone: true })).toBe(false);
    expect(needsIosInstallHint({ userAgent: CHROME_IPHONE })).toBe(false);
    expect(
      needsIosInstallHint({ userAgent: 'Mozilla/5.0 (Linux; Android 15) Chrome/131.0 Mobile Safari/537.36' }),
    ).toBe(false);
  });
});

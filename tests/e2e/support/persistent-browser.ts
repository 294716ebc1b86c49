import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOUR_SEEN_KEY } from '../../../src/features/tour/tour-storage';
import { INSTALL_DISMISSED_KEY } from '../../../src/features/install/install-storage';
import { TEST_CHROMIUM_LAUNCH_OPTIONS } from '../../chromium';
import { logoutAll } from './api';

export type PersistentScreen = Pick<BrowserContextOptions, 'viewport' | 'isMobile' | 'hasTouch'>;

/**
 * A browser with a profile on disk, closed and opened again as a person closes and reopens the browser (or the
 * installed app): IndexedDB, the service worker and its caches, and the cookies survive; the pages do not.
 */
export class PersistentBrowser {
  private context: BrowserContext | null = null;

  private constructor(
    private readonly profileDir: string,
    private readonly baseURL: string,
    private readonly screen: PersistentScreen,
  ) {}

  /** A profile opened with the test project's screen: a desktop's window, or a phone's (390 px, touch). */
  static async create(baseURL: string, screen: PersistentScreen): Promise<PersistentBrowser> {
    return new PersistentBrowser(await mkdtemp(join(tmpdir(), 'dispensario-profile-')), baseURL, screen);
  }

  /** Opens the browser on the profile, offline from the very first request when asked. */
  async open({ offline = false } = {}): Promise<Page> {
    const context = await chromium.launchPersistentContext(this.profileDir, {
      ...TEST_CHROMIUM_LAUNCH_OPTIONS,
      headless: true,
      baseURL: this.baseURL,
      locale: 'es-CO',
      ...this.screen,
      serviceWorkers: 'allow',
      offline,
    });
    // As the fixtures do: a device that has answered the tour and the install offer.
    await context.addInitScript(
      ([tour, install]) => {
        try {
          localStorage.setItem(tour, 'e2e');
          localStorage.setItem(install, String(Date.now()));
        } catch {
          // about:blank has no storage.
        }
      },
      [TOUR_SEEN_KEY, INSTALL_DISMISSED_KEY] as const,
    );
    this.context = context;
    return context.pages()[0] ?? (await context.newPage());
  }

  get current(): BrowserContext {
    if (!this.context) throw new Error('El navegador no está abierto.');
    return this.context;
  }

  /** Closes the browser as its user does: the profile stays. */
  async close(): Promise<void> {
    await this.context?.close();
    this.context = null;
  }

  /** Back online, the sessions ended on the server (a later test logs in the same users), the profile removed. */
  async dispose(): Promise<void> {
    if (this.context) {
      await this.context.setOffline(false);
      await logoutAll(this.context);
      await this.close();
    }
    await rm(this.profileDir, { recursive: true, force: true });
  }
}

import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { OUTBOX_MESSAGES, type OutboxItem } from '../../../src/lib/shared/outbox';

/** What the page's service worker keeps in its outbox, asked as the app asks it. */
export function outboxItems(page: Page): Promise<OutboxItem[]> {
  return page.evaluate(async (type) => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) throw new Error('La página no está controlada por el service worker');
    const channel = new MessageChannel();
    const answer = new Promise<OutboxItem[]>((resolve) => {
      channel.port1.onmessage = (event: MessageEvent<OutboxItem[]>) => resolve(event.data);
    });
    worker.postMessage({ type }, [channel.port2]);
    return answer;
  }, OUTBOX_MESSAGES.list);
}

/** Stops every service worker of the browser, as the browser does to an idle one (or a crash would). */
export async function stopServiceWorkers(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/**
 * The token of the browser's session in a country (product §9 cookie), to read the server as that user: a second login
 * of the same user would end the browser's session.
 */
export async function sessionToken(context: BrowserContext, country: string): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === `sso_token_${country}`);
  if (!cookie) throw new Error(`Sin sesión en ${country}`);
  return decodeURIComponent(cookie.value);
}

/** Every page of a list endpoint of the server (`{ data, total }`), read with a bearer token. */
export async function readAll<T>(
  request: APIRequestContext,
  path: string,
  country: string,
  token: string,
  limit = 100,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await request.get(`${path}${separator}page=${page}&limit=${limit}`, {
      headers: { 'x-country': country, authorization: `Bearer ${token}` },
    });
    if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
    const { data, total } = (await answer.json()) as { data: T[]; total: number };
    rows.push(...data);
    if (data.length === 0 || rows.length >= total) return rows;
  }
}

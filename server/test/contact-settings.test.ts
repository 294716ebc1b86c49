import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { CHAT_NUMBER_MESSAGE, CONTACT_PHONE_MESSAGE, type ContactSettingsDto } from '../../src/lib/shared/contact';
import { seedContactSettingsIfEmpty } from '../src/contact/repo';
import { CONTACT_COUNTRY_NOT_FOUND_MESSAGE } from '../src/contact/routes';
import { DEMO_CONTACT_SETTINGS } from '../src/db/seed/contact-data';
import { client, json } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';

type Problem = ApiErrorBody & { fieldErrors: { field: string; message: string }[] };

const ctx = testContextForFile();
const admin = demoCaller(ctx, 'admin');
const doctor = demoCaller(ctx, 'doctor');

const read = async (country: string) =>
  json<ContactSettingsDto>(await client(ctx, null).get(`/contact-settings/${country}`));

describe('contact settings', () => {
  it('are seeded with demo channels per country and read by anybody', async () => {
    for (const country of ['co', 'mx', 'pe'] as const) {
      const response = await client(ctx, null).get(`/contact-settings/${country}`);
      expect(response.status).toBe(200);
      expect(await json<ContactSettingsDto>(response)).toMatchObject({
        country,
        phone: DEMO_CONTACT_SETTINGS[country].phone,
        chatNumber: DEMO_CONTACT_SETTINGS[country].chatNumber,
      });
    }
    const unknown = await client(ctx, null).get('/contact-settings/ar');
    expect(unknown.status).toBe(404);
    expect((await json<ApiErrorBody>(unknown)).message).toBe(CONTACT_COUNTRY_NOT_FOUND_MESSAGE);
  });

  it('are edited by an admin per country, the chat number kept as digits, and read back by everyone', async () => {
    const saved = await client(ctx, admin).send('PUT', '/admin/contact-settings/mx', {
      phone: ' +52 (55) 4000-1234 ',
      chatNumber: '+52 1 55 4000 1234',
    });
    expect(saved.status).toBe(200);
    expect(await json<ContactSettingsDto>(saved)).toMatchObject({
      country: 'mx',
      phone: '+52 (55) 4000-1234',
      chatNumber: '5215540001234',
    });
    expect(await read('mx')).toMatchObject({ phone: '+52 (55) 4000-1234', chatNumber: '5215540001234' });
    // The other countries keep theirs.
    expect((await read('co')).chatNumber).toBe(DEMO_CONTACT_SETTINGS.co.chatNumber);

    const list = await json<{ data: ContactSettingsDto[] }>(await client(ctx, admin).get('/admin/contact-settings'));
    expect(list.data.map((entry) => [entry.country, entry.chatNumber])).toEqual([
      ['co', DEMO_CONTACT_SETTINGS.co.chatNumber],
      ['mx', '5215540001234'],
      ['pe', DEMO_CONTACT_SETTINGS.pe.chatNumber],
    ]);
  });

  it('refuses invalid numbers in Spanish by field and keeps what was saved', async () => {
    const before = await read('pe');
    const refused = await client(ctx, admin).send('PUT', '/admin/contact-settings/pe', {
      phone: 'llámanos',
      chatNumber: '51 9',
    });
    expect(refused.status).toBe(400);
    expect((await json<Problem>(refused)).fieldErrors).toEqual([
      { field: 'phone', message: CONTACT_PHONE_MESSAGE },
      { field: 'chatNumber', message: CHAT_NUMBER_MESSAGE },
    ]);
    expect(await read('pe')).toEqual(before);
  });

  it('are for admins only to change', async () => {
    const anonymous = await client(ctx, null).send('PUT', '/admin/contact-settings/co', { chatNumber: '573000000000' });
    expect(anonymous.status).toBe(401);
    const professional = await client(ctx, doctor).send('PUT', '/admin/contact-settings/co', {
      chatNumber: '573000000000',
    });
    expect(professional.status).toBe(403);
    expect((await client(ctx, doctor).get('/admin/contact-settings')).status).toBe(403);
    expect((await read('co')).chatNumber).toBe(DEMO_CONTACT_SETTINGS.co.chatNumber);
  });

  it('can be emptied, and the seed never puts the demo channels back nor adds them outside development', async () => {
    const emptied = await client(ctx, admin).send('PUT', '/admin/contact-settings/co', { phone: '', chatNumber: null });
    expect(emptied.status).toBe(200);
    expect(await read('co')).toMatchObject({ phone: null, chatNumber: null });
    await seedContactSettingsIfEmpty(ctx.database.db);
    expect(await read('co')).toMatchObject({ phone: null, chatNumber: null });

    await ctx.database.db.deleteFrom('contact_settings').execute();
    await seedContactSettingsIfEmpty(ctx.database.db, { demoUsers: false });
    expect(await read('pe')).toEqual({ country: 'pe', phone: null, chatNumber: null, updatedAt: null });
  });
});

import { verify } from '@node-rs/argon2';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '../../src/lib/shared/api-types';
import { countryById } from '../../src/lib/shared/countries';
import { MIGRATION_NAMES, migrateToLatest } from '../src/db/migrate';
import { BENCH_SLUG_PREFIX, generateBenchProducts, seedBenchProducts } from '../src/db/seed/bench';
import { categories, products as seedProducts } from '../src/db/seed/catalogue-data';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed/demo-users';
import { discountLists } from '../src/db/seed/discount-data';
import { seedIfEmpty } from '../src/db/seed/seed';
import { up as giveOrdersTheirPayment } from '../src/db/migrations/0025-orders-without-payment';
import { up as unlinkDeletedAccounts } from '../src/db/migrations/0026-deleted-accounts-unlinked';
import { authHeaders, createTestContext, revertMigrationsThrough, sessionFor, type TestContext } from './helpers';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();

const visibleCategoryIds = new Set(categories.filter((category) => category.patientVisible).map((c) => c.id));

async function count(table: 'products' | 'countries' | 'users' | 'product_prices' | 'product_images') {
  const row = await ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('migrations', () => {
  it('a second run applies nothing', async () => {
    expect(await migrateToLatest(ctx.database.db)).toEqual([]);
    expect(await migrateToLatest(ctx.database.db)).toEqual([]);
  });

  it('records the applied migrations', async () => {
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(ctx.database.db);
    expect(rows.rows.map((row) => row.name)).toEqual(MIGRATION_NAMES);
  });
});

describe('0003-catalogue-extras', () => {
  const lists = () =>
    ctx.database.db
      .selectFrom('discount_lists as dl')
      .innerJoin('discount_list_items as di', 'di.discount_list_id', 'dl.id')
      .select(['dl.name', 'dl.purchase_level_id', 'dl.active', 'di.category_id', 'di.product_id'])
      .select(sql<number>`di.discount_percent::float8`.as('percent'))
      .orderBy('dl.purchase_level_id')
      .orderBy('di.category_id')
      .execute();

  it('the seed wrote the default discount lists', async () => {
    const rows = await lists();
    expect(rows).toEqual(
      discountLists.flatMap((list) =>
        list.items.map((item) => ({
          name: list.name,
          purchase_level_id: list.purchaseLevelId,
          active: true,
          category_id: item.categoryId,
          product_id: null,
          percent: item.percent,
        })),
      ),
    );
  });

  it('gives a database seeded before it the same lists, once, and can be reverted', async () => {
    const before = await lists();
    const reverted = await revertMigrationsThrough(ctx.database.db, '0003-catalogue-extras');
    expect(reverted).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf('0003-catalogue-extras')).reverse());
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_name in ('discount_lists', 'discount_list_items', 'favorites')
    `.execute(ctx.database.db);
    expect(tables.rows).toEqual([]);
    expect(await migrateToLatest(ctx.database.db)).toEqual([...reverted].reverse());
    expect(await lists()).toEqual(before);
    expect(await migrateToLatest(ctx.database.db)).toEqual([]);
    expect(await lists()).toEqual(before);
  });
});

describe('seed', () => {
  it('seeded the whole catalogue', async () => {
    expect(await count('countries')).toBe(3);
    expect(await count('products')).toBe(seedProducts.length);
    expect(await count('product_prices')).toBe(seedProducts.length * 3);
    expect(await count('product_images')).toBe(seedProducts.length);
    expect(await count('users')).toBe(DEMO_USERS.length);
  });

  it('a second run seeds nothing and changes nothing', async () => {
    expect(await seedIfEmpty(ctx.database.db)).toEqual({ seeded: false, products: 0 });
    expect(await count('products')).toBe(seedProducts.length);
    expect(await count('users')).toBe(DEMO_USERS.length);
    expect(await count('countries')).toBe(3);
  });

  it('stores normalized search text', async () => {
    const row = await ctx.database.db
      .selectFrom('products')
      .select('search_text')
      .where('slug', '=', 'curcuma-piperina-95')
      .executeTakeFirstOrThrow();
    expect(row.search_text).toMatch(/^curcuma \+ piperina 95 % curcuminoides /);
    expect(row.search_text).toBe(row.search_text.toLowerCase());
  });

  it('creates the demo users with argon2id hashes of the demo password', async () => {
    const users = await ctx.database.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((user) => user.email).sort()).toEqual(DEMO_USERS.map((user) => user.email).sort());
    for (const demo of DEMO_USERS) {
      const user = users.find((candidate) => candidate.email === demo.email);
      expect(user, demo.email).toBeDefined();
      if (!user) continue;
      expect(user.role).toBe(demo.role);
      expect(user.approval_status).toBe(demo.approvalStatus);
      expect(user.first_name).toBe(demo.firstName);
      expect(user.last_name).toBe(demo.lastName);
      expect(user.display_name).toBe(`${demo.firstName} ${demo.lastName}`);
      expect(user.country_id).toBe(demo.countryId);
      expect(user.country_code).toBe(countryById(demo.countryId)?.dialCode);
      expect(user.purchase_level_id).toBe(demo.role === 'patient' ? null : 1);
      expect(user.uid).toMatch(/^[0-9a-f]{32}$/);
      expect(user.password_hash?.startsWith('$argon2id$')).toBe(true);
      expect(user.password_hash).not.toContain(DEMO_PASSWORD);
    }
    expect(new Set(users.map((user) => user.uid)).size).toBe(users.length);
    const anyHash = users[0]?.password_hash ?? '';
    expect(await verify(anyHash, DEMO_PASSWORD)).toBe(true);
    expect(await verify(anyHash, 'otra-clave')).toBe(false);
  });

  it("links each country's patient to that country's doctor; nobody else has a doctor", async () => {
    const users = await ctx.database.db.selectFrom('users').select(['id', 'email', 'role', 'doctor_id']).execute();
    for (const country of ['co', 'mx', 'pe']) {
      const patient = users.find((user) => user.email === `paciente.${country}@demo.test`);
      const doctor = users.find((user) => user.email === `medico.${country}@demo.test`);
      expect(patient?.role).toBe('patient');
      expect(doctor?.role).toBe('doctor');
      expect(patient?.doctor_id).toBe(doctor?.id);
    }
    expect(users.filter((user) => user.role === 'patient')).toHaveLength(3);
    expect(users.filter((user) => user.role !== 'patient').every((user) => user.doctor_id === null)).toBe(true);
  });
});

describe('bench products', () => {
  it('generateBenchProducts is deterministic and uses unique slugs and serials', () => {
    const first = generateBenchProducts(200);
    expect(generateBenchProducts(200)).toEqual(first);
    expect(new Set(first.map((product) => product.slug)).size).toBe(200);
    expect(new Set(first.map((product) => product.serialNumber)).size).toBe(200);
    expect(first.every((product) => product.slug.startsWith(BENCH_SLUG_PREFIX))).toBe(true);
  });

  it('adds the requested products once, then tops up', async () => {
    expect(await seedBenchProducts(ctx.database.db, 200)).toBe(200);
    expect(await count('products')).toBe(seedProducts.length + 200);
    expect(await seedBenchProducts(ctx.database.db, 200)).toBe(0);
    expect(await seedBenchProducts(ctx.database.db, 150)).toBe(0);
    expect(await count('products')).toBe(seedProducts.length + 200);
    expect(await seedBenchProducts(ctx.database.db, 210)).toBe(10);
    expect(await count('products')).toBe(seedProducts.length + 210);
  });

  it('lists the generated products with the catalogue', async () => {
    const generated = generateBenchProducts(210);
    const visibleGenerated = generated.filter((product) => visibleCategoryIds.has(product.categoryId));
    const visibleSeed = seedProducts.filter((product) => visibleCategoryIds.has(product.categoryId));
    const response = await ctx.app.request('/api/products?all=true');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: ProductDto[]; total: number };
    expect(body.total).toBe(visibleSeed.length + visibleGenerated.length);
    expect(body.data).toHaveLength(body.total);
    const listed = new Map(body.data.map((product) => [product.slug, product]));
    for (const product of visibleGenerated) {
      const dto = listed.get(product.slug);
      expect(dto, product.slug).toBeDefined();
      expect(dto?.name).toBe(product.name);
      expect(dto?.featured).toBe(false);
      expect(dto?.price?.amount).toBe(product.prices.co);
      // Bench products reuse the drawing of the product they derive from.
      expect(dto?.image).toBe(`/api/media/products/${product.imageSlug}.svg`);
    }
    for (const product of generated.filter((candidate) => !visibleCategoryIds.has(candidate.categoryId))) {
      expect(listed.has(product.slug)).toBe(false);
    }
    // Search finds them too.
    const search = await ctx.app.request(`/api/products?search=${encodeURIComponent('fórmula 3')}&all=true`);
    const found = (await search.json()) as { data: ProductDto[] };
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((product) => product.slug.startsWith(BENCH_SLUG_PREFIX))).toBe(true);
  });
});

describe('0025-orders-without-payment', () => {
  /** The demo patient's seeded purchase (the adherence demo) and the payment the order's detail reads. */
  async function demoOrder() {
    const order = await ctx.database.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.id', 'o.total', 'o.paid_at'])
      .where('u.email', '=', 'paciente.co@demo.test')
      .orderBy('o.id')
      .executeTakeFirstOrThrow();
    const payments = await ctx.database.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    return { order, payments };
  }

  async function detailStatus(orderId: number) {
    const token = await sessionFor(ctx, 'paciente.co@demo.test');
    const response = await ctx.app.request(`/api/orders/${orderId}`, { headers: authHeaders(token, 'co') });
    return response.status;
  }

  it('the seeded purchase has its approved payment, and its detail answers', async () => {
    const { order, payments } = await demoOrder();
    expect(payments).toEqual([
      expect.objectContaining({ status: 'approved', provider: 'sandbox', amount: order.total }),
    ]);
    expect(await detailStatus(order.id)).toBe(200);
  });

  it('gives an order seeded without its payment (before the seed wrote one) an approved payment, once', async () => {
    const { order } = await demoOrder();
    await ctx.database.db.deleteFrom('payments').where('order_id', '=', order.id).execute();

    // A migration sees the database untyped, as the migrator hands it over.
    const untyped = ctx.database.db as unknown as Kysely<unknown>;
    await giveOrdersTheirPayment(untyped);
    await giveOrdersTheirPayment(untyped);

    const { payments } = await demoOrder();
    expect(payments).toEqual([
      expect.objectContaining({ status: 'approved', provider: 'sandbox', method: 'visa', amount: order.total }),
    ]);
    expect(payments[0]?.approved_at).toEqual(order.paid_at);
    expect(await detailStatus(order.id)).toBe(200);
  });
});

describe('0026-deleted-accounts-unlinked', () => {
  it('unlinks the register rows of a deleted account and revokes their consent; other rows stay', async () => {
    const db = ctx.database.db;
    const deleted = await db
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id'])
      .where('u.email', '=', 'paciente.mx@demo.test')
      .executeTakeFirstOrThrow();
    const kept = await db
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id', 'p.consent_status'])
      .where('u.email', '=', 'paciente.pe@demo.test')
      .executeTakeFirstOrThrow();
    // What a read of the register did after a deletion: the row linked again to the deleted account, confirmed.
    await db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', deleted.user_id!).execute();
    await db.updateTable('patients').set({ consent_status: 'confirmed' }).where('id', '=', deleted.id).execute();

    await unlinkDeletedAccounts(ctx.database.db as unknown as Kysely<unknown>);

    const rows = await db
      .selectFrom('patients')
      .select(['id', 'user_id', 'consent_status'])
      .where('id', 'in', [deleted.id, kept.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      [
        { id: deleted.id, user_id: null, consent_status: 'revoked' },
        { id: kept.id, user_id: kept.user_id, consent_status: kept.consent_status },
      ].sort((a, b) => a.id - b.id),
    );
  });
});

describe('production seed', () => {
  // Opening a database is setup (the hooks' time budget), not what this test is about.
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestContext({ seed: false });
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('seeds the catalogue but no demo account when demo users are off', async () => {
    const report = await seedIfEmpty(fresh.database.db, { demoUsers: false });
    expect(report.seeded).toBe(true);
    const users = await fresh.database.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(0);
    const products = await fresh.database.db.selectFrom('products').select('id').execute();
    expect(products.length).toBe(report.products);
  });
});

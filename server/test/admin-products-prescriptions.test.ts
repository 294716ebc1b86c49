import { describe, expect, it } from 'vitest';
import type { AdminProductDto } from '../../src/lib/shared/admin-products';
import type { ProductDto } from '../../src/lib/shared/api-types';
import type { PrescriptionDetailDto } from '../../src/lib/shared/prescriptions';
import { client, createPatient, json, prescribe, productIdOf, tool } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';

// Issue 10: a product in an open prescription is deactivated, never deleted; the prescription keeps showing it.

const ctx = testContextForFile();
const admin = demoCaller(ctx, 'admin');
const doctor = demoCaller(ctx, 'doctor');

describe('admin products in open prescriptions', () => {
  it('deactivates a prescribed product: it leaves the catalogue, the prescription still shows it, nothing is deleted', async () => {
    const magnesium = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
    const patientId = (await createPatient(ctx, doctor)).patient.id;
    const prescription = await prescribe(ctx, doctor, { patientId, tools: [tool(magnesium)] });
    expect(prescription.status).toBe('active');

    // There is no delete: the route does not exist, for admins either.
    const deleting = await client(ctx, admin).delete(`/admin/products/${magnesium}`);
    expect(deleting.status).toBe(404);

    const deactivated = await client(ctx, admin).send('POST', `/admin/products/${magnesium}/deactivate`, {});
    expect(deactivated.status).toBe(200);
    expect((await json<AdminProductDto>(deactivated)).active).toBe(false);

    const catalogue = await json<{ data: ProductDto[] }>(
      await ctx.app.request('/api/products?country_id=1&search=magnesio%20bisglicinato'),
    );
    expect(catalogue.data.map((product) => product.id)).not.toContain(magnesium);

    const detail = await client(ctx, doctor).get(`/prescriptions/${prescription.id}`);
    expect(detail.status).toBe(200);
    const tools = (await json<PrescriptionDetailDto>(detail)).tools;
    expect(tools).toEqual([expect.objectContaining({ productId: magnesium, name: 'Magnesio Bisglicinato 400 mg' })]);

    const row = await ctx.database.db
      .selectFrom('products')
      .select(['id', 'active'])
      .where('id', '=', magnesium)
      .executeTakeFirst();
    expect(row).toEqual({ id: magnesium, active: false });

    // And it comes back.
    const activated = await client(ctx, admin).send('POST', `/admin/products/${magnesium}/activate`, {});
    expect((await json<AdminProductDto>(activated)).active).toBe(true);
  });
});

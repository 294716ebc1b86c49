import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import {
  adminProductFixtures,
  adminProductHandlers,
  buildAdminProduct,
  resetAdminProductFixtures,
} from '../../../testing/handlers/admin-products';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';
import { renderAsAdmin } from './test-render';
import { fill } from '../../../testing/fill';

const asAdmin = (path = '/mx/admin/herramientas-funcionales') => renderAsAdmin(path);

async function fillNewProduct(values: { name: string; slug?: string; price: [string, string] }) {
  await userEvent.click(await screen.findByRole('button', { name: 'Nuevo producto' }));
  const editor = screen.getByRole('form', { name: 'Nuevo producto' });
  await fill(within(editor).getByLabelText(/^Nombre/), values.name);
  if (values.slug) {
    const slug = within(editor).getByLabelText(/^Slug/);
    await userEvent.clear(slug);
    await fill(slug, values.slug);
  }
  await fill(within(editor).getByLabelText(/^Número de serie/), 'CUR-001');
  // The options load on their own: wait for them before choosing.
  await within(editor).findByRole('option', { name: 'Adaptógenos y fitoterapia' });
  await userEvent.selectOptions(within(editor).getByLabelText(/^Categoría/), 'Adaptógenos y fitoterapia');
  await userEvent.type(
    within(within(editor).getByRole('group', { name: 'Presentación 1' })).getByLabelText(/^Cantidad/),
    '30',
  );
  await userEvent.type(within(editor).getByLabelText(new RegExp(`^Precio en ${values.price[0]}`)), values.price[1]);
  return editor;
}

beforeEach(() => {
  server.use(...adminProductHandlers);
  resetAdminProductFixtures();
});

describe('admin: functional tools', () => {
  it('lists the catalogue with each country’s price, from the English path too', async () => {
    await asAdmin('/mx/admin/functional-tools');
    expect(await screen.findByRole('heading', { name: 'Herramientas funcionales', level: 1 })).toBeTruthy();
    const row = (await screen.findByRole('rowheader', { name: /Magnesio Bisglicinato 400 mg/ })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Minerales')).toBeTruthy();
    expect(row.textContent).toContain('MX $389.50');
    expect(within(row).getByText('Activo')).toBeTruthy();
  });

  it('creates a product sold only in Mexico, its price sent in cents', async () => {
    await asAdmin();
    const editor = await fillNewProduct({ name: 'Cúrcuma liposomal', price: ['México', '389,50'] });
    expect((within(editor).getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('curcuma-liposomal');
    await userEvent.click(within(editor).getByRole('button', { name: 'Crear producto' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Creamos Cúrcuma liposomal. Ya puedes agregarle imágenes.',
    );
    expect(adminProductFixtures.saved).toEqual([
      expect.objectContaining({
        name: 'Cúrcuma liposomal',
        slug: 'curcuma-liposomal',
        categoryId: 1,
        prices: { co: null, mx: { amount: 38_950, vatIncluded: false }, pe: null },
      }),
    ]);
  });

  it('refuses a negative price before sending, and shows the server’s duplicate slug on its field', async () => {
    await asAdmin();
    const editor = await fillNewProduct({
      name: 'Otro magnesio',
      slug: 'magnesio-bisglicinato-400-mg',
      price: ['México', '-5'],
    });
    await userEvent.click(within(editor).getByRole('button', { name: 'Crear producto' }));
    expect(within(editor).getByText('El precio no puede ser negativo.')).toBeTruthy();
    expect(adminProductFixtures.saved).toEqual([]);

    const price = within(editor).getByLabelText(/^Precio en México/);
    await userEvent.clear(price);
    await userEvent.type(price, '120');
    await userEvent.click(within(editor).getByRole('button', { name: 'Crear producto' }));
    expect(
      (await within(editor).findByText('Ya existe un producto con este slug.', { selector: '.alert' })).getAttribute(
        'role',
      ),
    ).toBe('alert');
    expect(
      within(editor).getByText('Ya existe un producto con este slug.', { selector: '.field__error' }),
    ).toBeTruthy();
    expect(adminProductFixtures.products).toHaveLength(1);
  });

  it('deactivates a product and activates it again; there is no delete', async () => {
    resetAdminProductFixtures([
      buildAdminProduct(),
      buildAdminProduct({ id: 2, name: 'DHEA 25 mg', slug: 'dhea-25-mg' }),
    ]);
    await asAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar DHEA 25 mg' }));
    expect((await screen.findByRole('status')).textContent).toBe('DHEA 25 mg quedó desactivado.');
    expect(await screen.findByRole('button', { name: 'Activar DHEA 25 mg' })).toBeTruthy();
    expect(adminProductFixtures.products.find((product) => product.id === 2)?.active).toBe(false);
    expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Activar DHEA 25 mg' }));
    await waitFor(() => expect(adminProductFixtures.products.find((product) => product.id === 2)?.active).toBe(true));
  });

  it('uploads an image checked by the server, shows its message for a file that lies, and removes it', async () => {
    await asAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Magnesio Bisglicinato 400 mg' }));
    const editor = screen.getByRole('form', { name: 'Editar producto' });
    const input = within(editor).getByLabelText(/^Subir imagen/);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'frasco.png', {
      type: 'image/png',
    });
    await userEvent.upload(input, png);
    const image = await within(editor).findByRole('img', { name: 'Imagen 1 de Magnesio Bisglicinato 400 mg' });
    expect(image.getAttribute('src')).toMatch(/^\/api\/media\/uploads\/\d+\?w=640&q=75$/);

    const lying = new File(['%PDF-1.7 no soy una imagen'], 'foto.png', { type: 'image/png' });
    await userEvent.upload(input, lying);
    expect(await within(editor).findByText('Sube una imagen JPG, PNG o WEBP.')).toBeTruthy();
    expect(adminProductFixtures.products[0]?.images).toHaveLength(1);

    await userEvent.click(within(editor).getByRole('button', { name: 'Quitar imagen 1' }));
    await waitFor(() => expect(adminProductFixtures.products[0]?.images).toEqual([]));
    expect(within(editor).queryByRole('img', { name: /Imagen 1/ })).toBeNull();
  });

  it('refuses a health professional with the no-permission screen', async () => {
    await loggedInAs('mx', { role: { id: ROLE_IDS.health_professional, name: 'health_professional' } });
    await renderApp('/mx/admin/functional-tools');
    expect(await screen.findByText(/No tienes permiso/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo producto' })).toBeNull();
  });
});

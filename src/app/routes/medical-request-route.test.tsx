import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { prescriptionFixtures } from '../../testing/handlers/prescriptions';
import { renderApp } from '../../testing/render';
import { fill } from '../../testing/fill';

describe('medical attention request', () => {
  it('requires every field with "Campo obligatorio", then sends and confirms', async () => {
    await renderApp('/mx/solicitar-atencion');
    const form = await screen.findByRole('form', { name: 'Solicitud de atención médica' });
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    // Country and prefix come filled from the route's country; the other five are missing.
    expect(await within(form).findAllByText('Campo obligatorio')).toHaveLength(5);
    expect(prescriptionFixtures.medicalRequests).toHaveLength(0);

    await fill(within(form).getByLabelText(/^Nombres/), 'Lucía');
    await fill(within(form).getByLabelText(/^Apellidos/), 'Quispe');
    await fill(within(form).getByLabelText(/^Correo electrónico/), 'lucia@correo.test');
    await fill(within(form).getByLabelText(/^Número de celular/), '5512345678');
    await fill(within(form).getByLabelText(/^Descripción de los problemas/), 'Cansancio y mal sueño.');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText(/Recibimos tu solicitud/)).toBeTruthy();
    expect(prescriptionFixtures.medicalRequests).toEqual([
      {
        names: 'Lucía',
        last_names: 'Quispe',
        email: 'lucia@correo.test',
        country_id: 2,
        country_code: '+52',
        mobile_number: '5512345678',
        description: 'Cansancio y mal sueño.',
        topic: 'attention',
      },
    ]);
    expect((within(form).getByLabelText(/^Nombres/) as HTMLInputElement).value).toBe('');
  });

  it('asks for a custom product with ?motivo=producto-personalizado and tells the admins what it is about', async () => {
    await renderApp('/co/solicitar-atencion?motivo=producto-personalizado');
    expect(await screen.findByRole('heading', { name: 'Solicitar un producto personalizado', level: 1 })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Solicitud de producto personalizado' });
    await fill(within(form).getByLabelText(/^Nombres/), 'Andrés');
    await fill(within(form).getByLabelText(/^Apellidos/), 'Mejía');
    await fill(within(form).getByLabelText(/^Correo electrónico/), 'andres@correo.test');
    await fill(within(form).getByLabelText(/^Número de celular/), '3001234567');
    await fill(
      within(form).getByLabelText(/^Describe el producto que necesitas/),
      'Crema de progesterona al 3 %, 60 g.',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText(/Recibimos tu solicitud/)).toBeTruthy();
    expect(prescriptionFixtures.medicalRequests[0]).toMatchObject({
      description: 'Crema de progesterona al 3 %, 60 g.',
      topic: 'custom_product',
    });
  });

  it('becomes "Hablar con un asesor" with ?motivo=asesor', async () => {
    await renderApp('/pe/solicitar-atencion?motivo=asesor');
    expect(await screen.findByRole('heading', { name: 'Hablar con un asesor', level: 1 })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Solicitud para hablar con un asesor' })).toBeTruthy();
  });
});

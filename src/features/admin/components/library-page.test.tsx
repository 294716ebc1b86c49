import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminLibraryHandlers, FILE_MISMATCH_MESSAGE } from '../../../testing/handlers/admin-library';
import { prescriptionFixtures } from '../../../testing/handlers/prescriptions';
import { server } from '../../../testing/msw-server';
import { LIBRARY_GUIDE as GUIDE } from '../test-data';
import { renderAsAdmin } from './test-render';
import { fill } from '../../../testing/fill';

const asAdmin = (path = '/pe/admin/libreria') => renderAsAdmin(path);

beforeEach(() => {
  server.use(...adminLibraryHandlers);
  prescriptionFixtures.documents = [GUIDE];
});
afterEach(() => vi.restoreAllMocks());

describe('admin: document library', () => {
  it('lists the documents with their category and country, from the English path too', async () => {
    await asAdmin('/pe/admin/document-library');
    expect(await screen.findByRole('heading', { name: 'Librería', level: 1 })).toBeTruthy();
    const row = (await screen.findByRole('rowheader', { name: 'Guía de ayuno' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Documentos de apoyo para pacientes')).toBeTruthy();
    expect(within(row).getByText('Todos')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'guia-ayuno.pdf' }).getAttribute('href')).toBe(
      '/api/documents/7/file',
    );
  });

  it('uploads a PDF for one country and lists it', async () => {
    await asAdmin();
    const form = await screen.findByRole('form', { name: 'Subir documento' });
    await userEvent.click(within(form).getByRole('button', { name: 'Subir documento' }));
    expect(within(form).getAllByText('Campo obligatorio')).toHaveLength(2);

    await fill(within(form).getByLabelText(/Título/), 'Consentimiento informado');
    await userEvent.selectOptions(within(form).getByLabelText(/País/), 'Perú');
    const pdf = new File(['%PDF-1.7 consentimiento'], 'consentimiento.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(form).getByLabelText(/Archivo/), pdf);
    await userEvent.click(within(form).getByRole('button', { name: 'Subir documento' }));

    expect((await screen.findByRole('status')).textContent).toBe('Subimos «Consentimiento informado» a la librería.');
    const row = (await screen.findByRole('rowheader', { name: 'Consentimiento informado' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Plantillas')).toBeTruthy();
    expect(within(row).getByText('Perú')).toBeTruthy();
    expect(prescriptionFixtures.documents.find((document) => document.title === 'Consentimiento informado')).toEqual(
      expect.objectContaining({ countryId: 3, fileName: 'consentimiento.pdf', mime: 'application/pdf' }),
    );
  });

  it('shows the server’s message for a file that is not what its name says, and keeps nothing', async () => {
    await asAdmin();
    const form = await screen.findByRole('form', { name: 'Subir documento' });
    await fill(within(form).getByLabelText(/Título/), 'Falso PDF');
    const fake = new File(['MZ no soy un pdf'], 'falso.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(form).getByLabelText(/Archivo/), fake);
    await userEvent.click(within(form).getByRole('button', { name: 'Subir documento' }));

    expect((await within(form).findByRole('alert')).textContent).toBe('Sube un PDF o una imagen JPG, PNG o WEBP.');
    expect(prescriptionFixtures.documents).toEqual([GUIDE]);

    const renamed = new File(['%PDF-1.7 en realidad'], 'foto.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText(/Archivo/), renamed);
    await userEvent.click(within(form).getByRole('button', { name: 'Subir documento' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(FILE_MISMATCH_MESSAGE));
    expect(prescriptionFixtures.documents).toEqual([GUIDE]);
  });

  it('refuses what the server’s schema refuses, at its field, before uploading', async () => {
    await asAdmin();
    const form = await screen.findByRole('form', { name: 'Subir documento' });
    await userEvent.click(within(form).getByLabelText(/Título/));
    await userEvent.paste('T'.repeat(121));
    await userEvent.click(within(form).getByRole('button', { name: 'Subir documento' }));
    const title = within(form).getByLabelText(/Título/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Máximo 120 caracteres.')).toBeTruthy();
    expect(within(form).getByText('Campo obligatorio')).toBeTruthy();
    expect(prescriptionFixtures.documents).toEqual([GUIDE]);
  });

  it('refuses a document over 15 MB before uploading it', async () => {
    await asAdmin();
    const form = await screen.findByRole('form', { name: 'Subir documento' });
    await fill(within(form).getByLabelText(/Título/), 'Manual enorme');
    const huge = new File(['%PDF-1.7'], 'manual.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 16 * 1024 * 1024 });
    await userEvent.upload(within(form).getByLabelText(/Archivo/), huge);
    await userEvent.click(within(form).getByRole('button', { name: 'Subir documento' }));
    expect(within(form).getByText('El documento supera el tamaño máximo de 15 MB.')).toBeTruthy();
    expect(prescriptionFixtures.documents).toEqual([GUIDE]);
  });

  // Only the metadata: jsdom's File objects cannot travel in a fetch body under Node (replacing the file is covered
  // by server/test/documents.test.ts).
  it('edits a document’s title and category under the same id', async () => {
    await asAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Guía de ayuno' }));
    const form = screen.getByRole('form', { name: 'Editar documento' });
    expect((within(form).getByLabelText(/Título/) as HTMLInputElement).value).toBe('Guía de ayuno');
    await userEvent.selectOptions(within(form).getByLabelText(/Categoría/), 'Plantillas');
    const title = within(form).getByLabelText(/Título/);
    await userEvent.clear(title);
    await fill(title, 'Guía de ayuno intermitente');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));

    expect((await screen.findByRole('status')).textContent).toBe('Actualizamos «Guía de ayuno intermitente».');
    expect(prescriptionFixtures.documents).toEqual([
      expect.objectContaining({
        id: 7,
        kind: 'template',
        title: 'Guía de ayuno intermitente',
        fileName: 'guia-ayuno.pdf',
      }),
    ]);
    expect(await screen.findByRole('rowheader', { name: 'Guía de ayuno intermitente' })).toBeTruthy();
  });

  it('removes a document after confirming', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await asAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Guía de ayuno' }));
    expect(confirm).toHaveBeenCalledWith('¿Eliminar «Guía de ayuno» de la librería?');
    expect((await screen.findByRole('status')).textContent).toBe('Eliminamos «Guía de ayuno».');
    expect(await screen.findByText('La librería está vacía.')).toBeTruthy();
    expect(prescriptionFixtures.documents).toEqual([]);
  });
});

import type { Kysely } from 'kysely';
import type { FormErrorDto } from '../../../src/lib/shared/accounts';
import {
  adminProductInputSchema,
  adminProductListQuerySchema,
  CATEGORY_MESSAGE,
  FORM_MESSAGE,
} from '../../../src/lib/shared/admin-product-schemas';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MIME_TYPES,
  type AdminCatalogueOptionsDto,
  type AdminProductDto,
  type AdminProductInput,
  type AdminProductListDto,
} from '../../../src/lib/shared/admin-products';
import { REQUIRED_FIELD_MESSAGE } from '../../../src/lib/shared/field-schemas';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { pathId } from '../gamification/input';
import type { AccessRule, Api } from '../http/auth';
import { readMultipart } from '../http/body';
import { notFound } from '../refusal';
import type { Services } from '../http/services';
import { conflictingField, refusedFields } from '../http/validated';
import { checkedUpload } from '../uploads/checked-upload';
import { assertDecodableImage } from '../uploads/decoded-image';
import {
  addUploadedProductImage,
  catalogueOptions,
  categoryName,
  deleteProductImage,
  findAdminProduct,
  insertAdminProduct,
  listAdminProducts,
  pharmaceuticalFormExists,
  setProductActive,
  updateAdminProduct,
} from './products-repo';

const PRODUCT_NOT_FOUND_MESSAGE = 'No encontramos este producto.';
const DUPLICATE_SLUG_MESSAGE = 'Ya existe un producto con este slug.';
const DUPLICATE_SERIAL_MESSAGE = 'Ya existe un producto con este número de serie.';
const IMAGE_TOO_LARGE_MESSAGE = `La imagen supera el tamaño máximo de ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
const IMAGE_TYPE_MESSAGE = 'Sube una imagen JPG, PNG o WEBP.';
const IMAGE_NOT_FOUND_MESSAGE = 'No encontramos esta imagen.';

const ADMIN: AccessRule = ['admin'];
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The category and form must exist; answers the category's name, which the search text includes. */
async function checkedCategoryName(db: Kysely<Database>, input: AdminProductInput): Promise<string> {
  const problems: FormErrorDto[] = [];
  const name = await categoryName(db, input.categoryId);
  if (name === undefined) problems.push({ field: 'categoryId', message: CATEGORY_MESSAGE });
  if (input.pharmaceuticalFormId !== null && !(await pharmaceuticalFormExists(db, input.pharmaceuticalFormId))) {
    problems.push({ field: 'pharmaceuticalFormId', message: FORM_MESSAGE });
  }
  if (problems.length > 0) throw refusedFields(problems);
  return name ?? '';
}

function rethrowDuplicates(error: unknown): never {
  if (isUniqueViolation(error, 'products_slug_key')) throw conflictingField('slug', DUPLICATE_SLUG_MESSAGE);
  if (isUniqueViolation(error, 'products_serial_number_key')) {
    throw conflictingField('serialNumber', DUPLICATE_SERIAL_MESSAGE);
  }
  throw error;
}

async function adminProduct(db: Kysely<Database>, id: number): Promise<AdminProductDto> {
  const product = await findAdminProduct(db, id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  return product;
}

export function registerAdminProductRoutes(api: Api, services: Services): void {
  const { db } = services;

  api.get('/admin/products', { access: ADMIN, query: adminProductListQuerySchema }, async (c) => {
    const { search, page, signedPrescription } = c.req.valid('query');
    const { data, total } = await listAdminProducts(db, {
      search,
      page,
      signedPrescriptionOnly: signedPrescription !== undefined,
    });
    return c.json<AdminProductListDto>({ data, total, page, limit: ADMIN_PRODUCTS_PAGE_SIZE });
  });

  api.get('/admin/catalogue-options', { access: ADMIN }, async (c) =>
    c.json<AdminCatalogueOptionsDto>(await catalogueOptions(db)),
  );

  api.get('/admin/products/:id', { access: ADMIN }, async (c) =>
    c.json<AdminProductDto>(await adminProduct(db, pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE))),
  );

  api.post('/admin/products', { access: ADMIN, body: adminProductInputSchema }, async (c) => {
    const input = c.req.valid('json');
    const name = await checkedCategoryName(db, input);
    const id = await insertAdminProduct(db, input, name).catch(rethrowDuplicates);
    return c.json<AdminProductDto>(await adminProduct(db, id), 201);
  });

  api.put('/admin/products/:id', { access: ADMIN, body: adminProductInputSchema }, async (c) => {
    const id = pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE);
    const input = c.req.valid('json');
    const name = await checkedCategoryName(db, input);
    if (!(await updateAdminProduct(db, id, input, name).catch(rethrowDuplicates))) {
      throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
    }
    return c.json<AdminProductDto>(await adminProduct(db, id));
  });

  // Products are never deleted: orders, prescriptions and favourites keep pointing at them. Deactivated, a product
  // leaves the catalogue and can no longer be prescribed or bought; what was already prescribed keeps its snapshot.
  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    api.post(`/admin/products/:id/${action}`, { access: ADMIN }, async (c) => {
      const id = pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE);
      if (!(await setProductActive(db, id, active))) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      return c.json<AdminProductDto>(await adminProduct(db, id));
    });
  }

  api.post(
    '/admin/products/:id/images',
    {
      access: ADMIN,
      maxBodyBytes: PRODUCT_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      tooLargeMessage: IMAGE_TOO_LARGE_MESSAGE,
    },
    async (c) => {
      const id = pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE);
      const body = await readMultipart(c);
      const file = body.file;
      if (!(file instanceof File) || file.size === 0) {
        throw refusedFields([{ field: 'file', message: REQUIRED_FIELD_MESSAGE }]);
      }
      const image = await checkedUpload(file, {
        maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        tooLargeMessage: IMAGE_TOO_LARGE_MESSAGE,
        allowed: PRODUCT_IMAGE_MIME_TYPES,
        typeMessage: IMAGE_TYPE_MESSAGE,
      });
      await assertDecodableImage(image.bytes);
      if (!(await addUploadedProductImage(db, id, { mime: image.type.mime, bytes: image.bytes }))) {
        throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      }
      return c.json<AdminProductDto>(await adminProduct(db, id), 201);
    },
  );

  api.delete('/admin/products/:id/images/:imageId', { access: ADMIN }, async (c) => {
    const id = pathId(c, 'id', PRODUCT_NOT_FOUND_MESSAGE);
    const imageId = pathId(c, 'imageId', IMAGE_NOT_FOUND_MESSAGE);
    if (!(await deleteProductImage(db, id, imageId))) throw notFound(IMAGE_NOT_FOUND_MESSAGE);
    return c.json<AdminProductDto>(await adminProduct(db, id));
  });
}

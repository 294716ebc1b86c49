import type { FormErrorDto, FormSchemaDto } from '../../../src/lib/shared/accounts';
import { pathParam, type Api } from '../http/auth';
import { INVALID_FORM_MESSAGE, REQUIRED_FIELD_MESSAGE } from '../../../src/lib/shared/field-schemas';
import { formCheckSchema } from '../../../src/lib/shared/form-schemas';
import { clientAddress } from '../http/client-address';
import { requestCountry } from '../http/country';
import { Refusal } from '../refusal';
import { refusedFields } from '../http/validated';
import type { Services } from '../http/services';
import { databaseChecks } from './checks';
import { buildForm, findFormRef, type FormRef } from './definitions';
import { validateForm } from './engine';

const FORM_NOT_FOUND_MESSAGE = 'Formulario no encontrado.';

export function formOrNotFound(idOrKey: string, accept: (ref: FormRef) => boolean = () => true): FormRef {
  const ref = findFormRef(idOrKey);
  if (!ref || !accept(ref)) throw new Refusal(404, FORM_NOT_FOUND_MESSAGE);
  return ref;
}

/**
 * The refusal of a form, in the one shape (`refusedFields`): a conflict says its first problem, a login with only
 * empty fields "Campo obligatorio".
 */
export function formErrorsResponse(schema: FormSchemaDto, errors: FormErrorDto[], status: 400 | 409 = 400) {
  const allRequired = errors.every((error) => error.message === REQUIRED_FIELD_MESSAGE);
  const message =
    status === 409
      ? (errors[0]?.message ?? INVALID_FORM_MESSAGE)
      : schema.type === 'login' && allRequired
        ? REQUIRED_FIELD_MESSAGE
        : INVALID_FORM_MESSAGE;
  return refusedFields(errors, { status, message });
}

export function registerFormRoutes(api: Api, services: Services): void {
  const { db } = services;
  api.get('/forms/:idOrKey', { access: 'public' }, (c) => {
    const ref = formOrNotFound(pathParam(c, 'idOrKey'));
    return c.json<FormSchemaDto>(buildForm(ref, requestCountry(c)));
  });

  api.post('/forms/:idOrKey/validate', { access: 'public', body: formCheckSchema }, async (c) => {
    const ref = formOrNotFound(pathParam(c, 'idOrKey'));
    // The storefront may send the values as they are or wrapped in `values`.
    const values = c.req.valid('json');
    // Availability checks tell whether an e-mail or document has an account: limited like check-existence.
    if (ref.kind !== 'login' && (values.email || values.document_number)) {
      await services.limits.assertExistenceLookup(clientAddress(c, services.trustProxy));
    }
    const { errors } = await validateForm(buildForm(ref, requestCountry(c)), values, databaseChecks(db));
    return c.json<{ errors: FormErrorDto[] }>({ errors });
  });
}

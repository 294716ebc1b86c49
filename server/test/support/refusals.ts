import { expect } from 'vitest';
import type { FormErrorDto } from '../../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../../src/lib/shared/api-types';
import { INVALID_FORM_MESSAGE } from '../../../src/lib/shared/field-schemas';

/**
 * Checks that `response` refuses a form as every form route does (400 with the one message), and answers its field
 * errors in the order given, for the test to compare.
 */
export async function formRefusal(response: Response): Promise<FormErrorDto[]> {
  expect(response.status, await response.clone().text()).toBe(400);
  const problem = (await response.json()) as ApiErrorBody & { fieldErrors?: FormErrorDto[] };
  expect(problem.message).toBe(INVALID_FORM_MESSAGE);
  expect(problem.fieldErrors).toBeInstanceOf(Array);
  return problem.fieldErrors ?? [];
}

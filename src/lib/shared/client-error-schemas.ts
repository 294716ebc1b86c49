// The zod schema of `POST /client-errors` (see ./client-errors), shared by the server and the web tests' fake.
import {
  CLIENT_ERROR_MESSAGE_MAX_LENGTH,
  CLIENT_ERROR_NAME_MAX_LENGTH,
  CLIENT_ERROR_RELEASE_MAX_LENGTH,
  CLIENT_ERROR_ROUTE_MAX_LENGTH,
  CLIENT_ERROR_ROUTE_MESSAGE,
  CLIENT_ERROR_ROUTE_PATTERN,
  type ClientErrorReport,
} from './client-errors';
import { optionalText, requiredText } from './field-schemas';
import { z } from './zod';

export const clientErrorReportSchema = z.object({
  name: requiredText(CLIENT_ERROR_NAME_MAX_LENGTH),
  message: optionalText(CLIENT_ERROR_MESSAGE_MAX_LENGTH),
  route: requiredText(CLIENT_ERROR_ROUTE_MAX_LENGTH).refine((route) => CLIENT_ERROR_ROUTE_PATTERN.test(route), {
    error: CLIENT_ERROR_ROUTE_MESSAGE,
  }),
  release: optionalText(CLIENT_ERROR_RELEASE_MAX_LENGTH),
}) satisfies z.ZodType<ClientErrorReport>;

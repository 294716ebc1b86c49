import { HttpResponse } from 'msw';
import { INVALID_FORM_MESSAGE } from '../../lib/shared/field-schemas';

// What several fakes share: the server's refusal of a form, and reading a multipart body.

export interface FieldError {
  field: string;
  message: string;
}

/** The server's refusal of a form: a message, the fields' messages as lines, and each one under its field. */
export function formRefusal(fieldErrors: FieldError[], { status = 400, message = INVALID_FORM_MESSAGE } = {}) {
  return HttpResponse.json({ message, errors: fieldErrors.map((error) => error.message), fieldErrors }, { status });
}

export interface MultipartFile {
  name: string;
  mime: string;
  content: string;
}

/**
 * Reads a multipart body by hand: under jsdom, undici's `formData()` rejects the File objects jsdom builds, so a fake
 * server parses the text it received.
 */
export function parseMultipart(body: string): { fields: Record<string, string>; files: MultipartFile[] } {
  const fields: Record<string, string> = {};
  const files: MultipartFile[] = [];
  for (const part of body.split(/--[-\w]+\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const content = rest
      .join('\n\n')
      .replace(/\r?\n--[-\w]+--\r?\n?$/, '')
      .replace(/\r?\n$/, '');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    const filename = /filename="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    if (filename) files.push({ name: filename, mime: /Content-Type: (\S+)/i.exec(head)?.[1] ?? '', content });
    else fields[name] = content;
  }
  return { fields, files };
}

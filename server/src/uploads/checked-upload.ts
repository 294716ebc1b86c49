import { Refusal } from '../refusal';
import { cleanOriginalName, detectFileType, type DetectedType } from './files';

const UPLOAD_TYPE_MESSAGE = 'Tipo de archivo no permitido. Sube un PDF o una imagen JPG, PNG o WEBP.';
const UPLOAD_NAME_MISMATCH_MESSAGE =
  'El archivo no es lo que dice su nombre: su contenido no corresponde a su extensión.';

const EXTENSIONS: Record<DetectedType['extension'], readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  webp: ['webp'],
};

interface CheckedUpload {
  name: string;
  type: DetectedType;
  bytes: Uint8Array;
}

/**
 * An uploaded file whose type is read from its bytes, allowed only among `allowed`, and whose name says the same
 * thing: a `.pdf` that is a PNG, or an executable renamed, is refused rather than stored under a misleading name.
 */
export async function checkedUpload(
  file: File,
  options: {
    maxBytes: number;
    tooLargeMessage: string;
    allowed?: readonly DetectedType['mime'][];
    typeMessage?: string;
  },
): Promise<CheckedUpload> {
  if (file.size > options.maxBytes) throw new Refusal(413, options.tooLargeMessage);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectFileType(bytes);
  const typeMessage = options.typeMessage ?? UPLOAD_TYPE_MESSAGE;
  if (!type || (options.allowed && !options.allowed.includes(type.mime))) throw new Refusal(415, typeMessage);
  const name = cleanOriginalName(file.name);
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension !== undefined && !EXTENSIONS[type.extension].includes(extension)) {
    throw new Refusal(415, UPLOAD_NAME_MISMATCH_MESSAGE);
  }
  return { name: extension === undefined ? `${name}.${type.extension}` : name, type, bytes };
}

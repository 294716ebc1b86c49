import { PassThrough, Readable } from 'node:stream';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import { countryById } from '../../../src/lib/shared/countries';
import type { Database, UserRow } from '../db/schema';
import type { Logger } from '../logger';
import { STORED_NAME_PATTERN } from '../uploads/files';
import type { UploadStorage } from '../uploads/storage';
import { PROFILE_PHOTO_PREFIX } from '../users/profile-routes';
import { claimAcceptedInvitations } from '../patients/repo';
import { consentHistory } from './consent-repo';

/** A file of the archive taken from the uploads, streamed from their storage. */
interface ArchivedFile {
  path: string;
  area: 'credentials' | 'profile';
  storedName: string;
}

interface UserExport {
  data: Record<string, unknown>;
  files: ArchivedFile[];
}

const README = `Dispensario Funcional: copia de tus datos personales

datos.json reúne todo lo que el dispensario guarda sobre tu cuenta: perfil, direcciones, pedidos, prescripciones
y recomendaciones (recibidas o emitidas), movimientos de puntos, credenciales (sus datos; los archivos van en la
carpeta archivos), autorizaciones de tratamiento de datos, sesiones y suscripciones a recordatorios.
Las fechas están en UTC (ISO 8601). Para ejercer tus derechos escribe desde tu cuenta o al correo de datos
personales indicado en los términos.
`;

/** Names inside the archive: no folders, no control characters, whatever the uploaded file was called. */
function safeName(name: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|]/g, '_').replace(/\p{Cc}/gu, '');
  return cleaned.slice(-120) || 'archivo';
}

/** Everything the store holds about one account, as plain JSON, and the uploaded files to add next to it. */
export async function collectUserData(db: Kysely<Database>, user: UserRow): Promise<UserExport> {
  const byId = <T extends { id: number }>(rows: T[]) => rows.map((row) => row.id);
  const { password_hash: _hash, ...account } = user;
  // Registration links the account to its register row; this catch-up is a safeguard so the export holds that row.
  await claimAcceptedInvitations(db, { userId: user.id });
  const received = await db.selectFrom('patients').selectAll().where('user_id', '=', user.id).execute();
  const prescriptions = await db
    .selectFrom('prescriptions as p')
    .leftJoin('patients as pt', 'pt.id', 'p.patient_id')
    .leftJoin('users as a', 'a.id', 'p.author_id')
    .select([
      'p.id',
      'p.type',
      'p.author_id',
      'a.display_name as author_name',
      'p.patient_id',
      'pt.first_name as patient_first_name',
      'pt.last_name as patient_last_name',
      'p.notes',
      'p.ends_at',
      'p.cancelled_at',
      'p.created_at',
    ])
    .where((eb) =>
      eb.or([
        eb('p.author_id', '=', user.id),
        ...(received.length > 0 ? [eb('p.patient_id', 'in', byId(received))] : []),
      ]),
    )
    .orderBy('p.id')
    .execute();
  const tools =
    prescriptions.length === 0
      ? []
      : await db
          .selectFrom('prescription_tools')
          .selectAll()
          .where('prescription_id', 'in', byId(prescriptions))
          .orderBy('prescription_id')
          .orderBy('position')
          .execute();
  const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
  const orderIds = byId(orders);
  const [items, history, payments] =
    orderIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
          db.selectFrom('order_status_history').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
          db
            .selectFrom('payments')
            .select(['id', 'order_id', 'provider', 'method', 'status', 'amount', 'currency', 'brand', 'last4'])
            .select(['created_at', 'approved_at', 'captured_at', 'closed_at'])
            .where('order_id', 'in', orderIds)
            .execute(),
        ]);
  const credentials = await db
    .selectFrom('credentials')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  const credentialFiles =
    credentials.length === 0
      ? []
      : await db
          .selectFrom('credential_files')
          .selectAll()
          .where('credential_id', 'in', byId(credentials))
          .orderBy('id')
          .execute();
  const files: ArchivedFile[] = credentialFiles.map((file) => ({
    path: `archivos/credenciales/${file.id}-${safeName(file.original_name)}`,
    area: 'credentials',
    storedName: file.stored_name,
  }));
  const photo = user.profile_image_url?.startsWith(PROFILE_PHOTO_PREFIX)
    ? user.profile_image_url.slice(PROFILE_PHOTO_PREFIX.length)
    : undefined;
  if (photo) files.push({ path: 'archivos/foto-de-perfil.webp', area: 'profile', storedName: photo });

  const data = {
    exportedAt: new Date().toISOString(),
    account: { ...account, country: countryById(user.country_id)?.subdomain ?? null },
    addresses: await db.selectFrom('addresses').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
    favorites: await db.selectFrom('favorites').selectAll().where('user_id', '=', user.id).execute(),
    orders: orders.map((order) => ({
      ...order,
      items: items.filter((item) => item.order_id === order.id),
      statusHistory: history.filter((entry) => entry.order_id === order.id),
      payments: payments.filter((payment) => payment.order_id === order.id),
    })),
    // The professional's Idempotency-Key and the hash of their request are how a retried write was recognised, not
    // data about the patient.
    patientRecords: received.map(({ idempotency_key: _key, request_hash: _hash, ...record }) => record),
    prescriptionsReceived: prescriptions
      .filter((row) => received.some((patient) => patient.id === row.patient_id))
      .map((row) => ({ ...row, tools: tools.filter((tool) => tool.prescription_id === row.id) })),
    prescriptionsWritten: prescriptions
      .filter((row) => row.author_id === user.id)
      .map((row) => ({ ...row, tools: tools.filter((tool) => tool.prescription_id === row.id) })),
    points: {
      balance:
        (await db.selectFrom('points_balances').select('balance').where('user_id', '=', user.id).executeTakeFirst())
          ?.balance ?? 0,
      ledger: await db
        .selectFrom('points_ledger')
        .select(['id', 'country_id', 'delta', 'balance_after', 'type', 'metadata', 'products', 'order_id'])
        .select('created_at')
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute(),
      redemptions: await db.selectFrom('points_redemptions').selectAll().where('user_id', '=', user.id).execute(),
    },
    credentials: credentials.map((credential) => ({
      ...credential,
      files: credentialFiles
        .filter((file) => file.credential_id === credential.id)
        .map(({ id, original_name: originalName, mime, size }) => ({
          id,
          originalName,
          mime,
          size,
          inArchive: files.find((entry) => entry.path.startsWith(`archivos/credenciales/${id}-`))?.path,
        })),
    })),
    consents: await consentHistory(db, user.id),
    sessions: await db
      .selectFrom('sessions')
      .select(['id', 'country_id', 'created_at', 'expires_at', 'revoked_at', 'last_seen_at'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute(),
    // The browser's keys are left out: they are secrets for the push service, not data about the user.
    pushSubscriptions: await db
      .selectFrom('push_subscriptions')
      .select(['id', 'country_id', 'endpoint', 'language', 'expires_at', 'created_at', 'updated_at'])
      .where('user_id', '=', user.id)
      .execute(),
    reminderSchedules: await db.selectFrom('reminder_schedules').selectAll().where('user_id', '=', user.id).execute(),
  };
  return { data, files };
}

/**
 * Streams the archive: `datos.json`, `LEEME.txt` and the files, each read from the uploads' storage in chunks and written as it
 * goes, waiting whenever the client reads slower, so the whole archive is never in memory.
 */
export function streamExport(exported: UserExport, uploads: UploadStorage, logger: Logger): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const addText = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
  };
  const build = async () => {
    addText('LEEME.txt', README);
    addText('datos.json', JSON.stringify(exported.data, null, 2));
    await drained();
    for (const file of exported.files) {
      if (!STORED_NAME_PATTERN.test(file.storedName)) continue;
      // Already compressed formats (PDF, images): stored as they are.
      const entry = new ZipPassThrough(file.path);
      zip.add(entry);
      try {
        const content = await uploads.get(file.area, file.storedName);
        if (!content) throw new Error('missing');
        for await (const chunk of content.stream) {
          entry.push(chunk);
          await drained();
        }
      } catch {
        // A missing file leaves its entry empty rather than failing the whole export.
        logger.error('Export: an uploaded file is missing from the uploads storage');
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  };
  build().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataAge } from '../../../components/ui/data-age';
import { DataList, type DataRow } from '../../../components/ui/data-list';
import { DetailStates, isUnseenRecord } from '../../../components/ui/detail-states';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { lazyModule, usePreloadWhenIdle } from '../../../lib/lazy-module';
import { DOCUMENT_TYPES, type Role } from '../../../lib/shared/accounts';
import { COUNTRY_NAMES_BY_ID, type CountryCode } from '../../../lib/shared/countries';
import type { PatientDto } from '../../../lib/shared/prescriptions';
import { useCountry } from '../../../lib/use-country';
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../../lib/session/use-session';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { patientQueries } from '../api';
import { PatientAdherence } from './patient-adherence';
import { phoneOf } from './patients-page';
import { PatientStrategies } from './patient-strategies';
import { patientName } from '../../../lib/patient-name';
import { useGenderLabels } from '../../account/gender-labels';

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Where a professional starts a new strategy: doctors prescribe, health professionals recommend. */
function builderPath(country: CountryCode, role: Role): string {
  return `/${country}/mi-cuenta/${role === 'health_professional' ? 'recomendaciones' : 'prescripcion'}`;
}

/** `mi-cuenta/mis-pacientes/:patientId` (product §2, patient info with strategies). */
export function PatientDetailPage() {
  const country = useCountry();
  const viewer = useViewerKey();
  const { i18n } = useLingui();
  const role = useSession()?.user.role.name ?? 'doctor';
  const patientId = parseId(useParams().patientId);
  const online = useOnline();
  const queryClient = useQueryClient();
  const query = useQuery({ ...patientQueries.detail(country, viewer, patientId ?? 0), enabled: patientId !== null });
  // A patient never opened on this device is still in the register kept on it: offline, that copy shows.
  const registerKey = patientQueries.register(country, viewer).queryKey;
  const kept = queryClient.getQueryData(registerKey)?.patients.find((candidate) => candidate.id === patientId);
  const patient = query.data ?? kept;
  const updatedAt = query.data ? query.dataUpdatedAt : (queryClient.getQueryState(registerKey)?.dataUpdatedAt ?? 0);
  const back = (
    <Link to={`/${country}/mi-cuenta/mis-pacientes`} className="button button--ghost">
      <Trans>Volver a mis pacientes</Trans>
    </Link>
  );

  return (
    <DetailStates
      // A copy of the register stands in for the detail never read on this device.
      query={{
        data: patient,
        isError: query.isError,
        error: query.error,
        isFetching: query.isFetching,
        refetch: query.refetch,
      }}
      missing={patientId === null || isUnseenRecord(query.error)}
      idPrefix="patient"
      missingTitle={<Trans>Paciente no encontrado</Trans>}
      missingText={
        <Trans>Este paciente no está en tu lista de pacientes. Revisa el enlace o búscalo en Mis pacientes.</Trans>
      }
      errorTitle={<Trans>No pudimos cargar el paciente</Trans>}
      loading={<Trans>Cargando paciente…</Trans>}
      back={back}
    >
      {(shown) => (
        <section className="stack patient-detail" aria-labelledby="patient-title">
          {back}
          {(!online || query.isError) && <DataAge updatedAt={updatedAt} />}
          <div className="patients__header">
            <h1 id="patient-title">{patientName(shown, i18n)}</h1>
            <Link to={`${builderPath(country, role)}?paciente=${shown.id}`} className="button button--primary">
              {role === 'health_professional' ? <Trans>Nueva recomendación</Trans> : <Trans>Nueva prescripción</Trans>}
            </Link>
          </div>
          <PatientData key={shown.id} country={country} viewer={viewer} patient={shown} />
          <PatientAdherence country={country} viewer={viewer} patientId={shown.id} />
          <PatientStrategies country={country} viewer={viewer} patientId={shown.id} />
        </section>
      )}
    </DetailStates>
  );
}

/**
 * The edit form with its checks, the shared patient schema and zod: the patient's page renders without it and
 * downloads it once the page is idle, so that 'Editar' opens it at once.
 */
const editPatientForm = lazyModule(() => import('./edit-patient-form'));
const EditPatientForm = lazy(async () => ({ default: (await editPatientForm.load()).EditPatientForm }));

/** Product §2: the patient's data with edit, cancel and save. */
function PatientData({ country, viewer, patient }: { country: CountryCode; viewer: string; patient: PatientDto }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const genders = useGenderLabels();
  usePreloadWhenIdle(editPatientForm);

  if (editing) {
    return (
      <Suspense fallback={<LoadingStatus />}>
        <EditPatientForm
          country={country}
          viewer={viewer}
          patient={patient}
          onCancel={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            setSaved(message);
          }}
        />
      </Suspense>
    );
  }
  const documentType = DOCUMENT_TYPES.find((type) => type.id === patient.document_type_id)?.name;
  const rows: DataRow[] = [
    [t`Nombres`, patient.first_name],
    [t`Apellidos`, patient.last_name],
    [t`Fecha de nacimiento`, patient.birth_date],
    [t`Género`, genders.textOf(patient.gender)],
    [t`Correo electrónico`, patient.email],
    [t`Ubicación`, patient.country_name || COUNTRY_NAMES_BY_ID[patient.country_id] || null],
    [t`Documento`, [documentType, patient.document_number].filter(Boolean).join(' ') || null],
    [t`Teléfono`, phoneOf(patient) || null],
    [t`Cuenta`, patient.account_status === 'active' ? t`Registrado` : t`Invitación enviada`],
    [
      t`Autorización de datos de salud`,
      patient.consent_status === 'confirmed'
        ? t`Confirmada por el paciente`
        : patient.consent_status === 'revoked'
          ? t`Revocada por el paciente: no puedes emitirle nuevas prescripciones`
          : t`Declarada por ti; el paciente la confirmará al registrarse`,
    ],
  ];
  return (
    <div className="card stack">
      <h2>
        <Trans>Datos del paciente</Trans>
      </h2>
      {saved && (
        <p className="notice notice--success" role="status">
          {saved}
        </p>
      )}
      {!patient.complete && (
        <p className="notice" role="status">
          <Trans>La ficha de este paciente está incompleta.</Trans>
        </p>
      )}
      <DataList rows={rows} />
      <div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setSaved(null);
            setEditing(true);
          }}
        >
          <Trans>Editar</Trans>
        </button>
      </div>
    </div>
  );
}

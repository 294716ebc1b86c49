import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataAge } from '../../../components/ui/data-age';
import { DataTable } from '../../../components/ui/data-table';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { LinkPager } from '../../../components/ui/link-pager';
import { errorMessage } from '../../../lib/http';
import { summaryState } from '../../../lib/shared/adherence';
import { COUNTRY_NAMES_BY_ID, type CountryCode } from '../../../lib/shared/countries';
import {
  ADHERENCE_FILTER_PARAM,
  ADHERENCE_FILTER_RUNNING_OUT,
  type CreatePatientResponseDto,
  type PatientDto,
} from '../../../lib/shared/prescriptions';
import { useCountry } from '../../../lib/use-country';
import { usePageHref } from '../../../lib/use-page-href';
import { useSession } from '../../../lib/session/use-session';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { usePendingPatients, type PendingPatient } from '../pending-patients';
import { usePatientList } from '../use-patient-list';
import { storeToday } from '../adherence-format';
import { AdherenceStatus } from './adherence-status';
import { PatientCreatedNotice, PatientQueuedNotice } from './patient-notices';
import { NewPatientCard, usePreloadedPatientForm } from './new-patient-card';
import { PendingPatientsList } from './pending-patients-list';
import { patientName } from '../../../lib/patient-name';

/** Typing pauses this long before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

export function phoneOf(patient: Pick<PatientDto, 'country_code' | 'phone_number'>): string {
  return [patient.country_code, patient.phone_number].filter(Boolean).join(' ');
}

/** `mi-cuenta/mis-pacientes` (product §2): search by name or e-mail, the patients table, creating a patient. */
export function PatientsPage() {
  const { t } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const [params, setParams] = useSearchParams();
  const pageHref = usePageHref();
  const search = params.get('buscar') ?? '';
  const page = pageOf(params.get('pagina'));
  const runningOut = params.get(ADHERENCE_FILTER_PARAM) === ADHERENCE_FILTER_RUNNING_OUT;
  const today = storeToday(country);
  const [typed, setTyped] = useState(search);
  usePreloadedPatientForm();
  // The filter's box follows the tap at once; the address (what the list reads) follows it.
  const [filterOn, setFilterOn] = useState(runningOut);
  const [addressFilter, setAddressFilter] = useState(runningOut);
  if (addressFilter !== runningOut) {
    // The address changed (the tap landed, or back and forward): the box shows it.
    setAddressFilter(runningOut);
    setFilterOn(runningOut);
  }
  /**
   * The address's parameters as last changed here: the search's pending update and a tap on the filter may both
   * land before the page shows the other's, and each must keep what the other set (React Router's updater function
   * sees the parameters of its render, not the latest).
   */
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);
  const changeParams = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(latestParams.current);
    change(next);
    latestParams.current = next;
    setParams(next, { replace: true });
  };
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatePatientResponseDto | null>(null);
  const [queued, setQueued] = useState<PendingPatient | null>(null);
  const pendingPatients = usePendingPatients(country, useSession()?.user.uid);
  const list = usePatientList(country, viewer, search, page, runningOut);

  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => {
      changeParams((next) => {
        if (typed.trim()) next.set('buscar', typed.trim());
        else next.delete('buscar');
        next.delete('pagina');
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // changeParams reads the latest parameters from a ref: only the typed text restarts the pause.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, search]);

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <section aria-labelledby="patients-title" className="stack patients">
      <div className="patients__header">
        <h1 id="patients-title">
          <Trans>Mis pacientes</Trans>
        </h1>
        {!creating && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setCreated(null);
              setQueued(null);
              setCreating(true);
            }}
          >
            <Trans>Crear paciente</Trans>
          </button>
        )}
      </div>

      {created && <PatientCreatedNotice created={created} onClose={() => setCreated(null)} />}
      {queued && <PatientQueuedNotice pending={queued} onClose={() => setQueued(null)} />}
      {creating && (
        <NewPatientCard
          country={country}
          heading="h2"
          onClose={() => setCreating(false)}
          onCreated={setCreated}
          onQueued={setQueued}
        />
      )}
      <PendingPatientsList country={country} patients={pendingPatients} />

      <form role="search" className="patients__search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="patients-search" className="field__label">
          <Trans>Buscar por nombre o correo</Trans>
        </label>
        <input
          id="patients-search"
          type="search"
          className="input"
          value={typed}
          placeholder={t`Ej.: Mariana o mariana@correo.com`}
          onChange={(event) => setTyped(event.target.value)}
        />
        <label className="choice patients__filter">
          <input
            type="checkbox"
            checked={filterOn}
            onChange={(event) => {
              const checked = event.target.checked;
              setFilterOn(checked);
              changeParams((next) => {
                if (checked) next.set(ADHERENCE_FILTER_PARAM, ADHERENCE_FILTER_RUNNING_OUT);
                else next.delete(ADHERENCE_FILTER_PARAM);
                next.delete('pagina');
              });
            }}
          />
          <span>
            <Trans>Se les acaba en los próximos 14 días</Trans>
          </span>
        </label>
      </form>

      {list.isPending && (
        <LoadingStatus>
          <Trans>Cargando pacientes…</Trans>
        </LoadingStatus>
      )}
      {list.error && (
        <RetryAlert
          message={
            list.data ? (
              <>
                <p>{errorMessage(list.error)}</p>
                <p>
                  <Trans>Mostramos los pacientes guardados en este dispositivo.</Trans>
                </p>
              </>
            ) : (
              errorMessage(list.error)
            )
          }
          retrying={list.isFetching}
          onRetry={list.refetch}
        />
      )}
      {list.unconfirmed && list.data && <DataAge updatedAt={list.updatedAt} />}
      {data && data.total === 0 && (
        <div className="empty-state">
          {runningOut ? (
            <p>
              <Trans>A ningún paciente se le acaba el tratamiento en los próximos 14 días.</Trans>
            </p>
          ) : search ? (
            <p>
              <Trans>No encontramos pacientes que coincidan con «{search}».</Trans>
            </p>
          ) : (
            <p>
              <Trans>Aún no tienes pacientes. Crea el primero para prescribirle o recomendarle herramientas.</Trans>
            </p>
          )}
        </div>
      )}
      {data && data.data.length > 0 && (
        <div className="table-wrap">
          <DataTable
            className="table patients__table"
            busy={list.isPlaceholderData}
            caption={t`Tus pacientes`}
            rows={data.data}
            rowKey={(patient) => patient.id}
            columns={[
              {
                label: t`Nombre`,
                rowHeader: true,
                cell: (patient) => <PatientNameCell country={country} patient={patient} />,
              },
              {
                label: t`Tratamiento`,
                cell: (patient) =>
                  (patient.adherence?.products ?? 0) > 0 ? (
                    <AdherenceStatus state={summaryState(patient.adherence, today)} country={country} />
                  ) : (
                    '—'
                  ),
              },
              { label: t`Correo electrónico`, cell: (patient) => patient.email },
              {
                label: t`País`,
                cell: (patient) => patient.country_name || COUNTRY_NAMES_BY_ID[patient.country_id] || '—',
              },
              { label: t`Teléfono`, cell: (patient) => phoneOf(patient) || '—' },
              { label: t`Tipo ID`, cell: (patient) => patient.document_type_code ?? '—' },
            ]}
          />
        </div>
      )}
      {data && <LinkPager label={t`Páginas de pacientes`} page={page} totalPages={totalPages} pageHref={pageHref} />}
    </section>
  );
}

/** The patient's name, linking to the record, with what the professional should know at a glance. */
function PatientNameCell({ country, patient }: { country: CountryCode; patient: PatientDto }) {
  const { i18n } = useLingui();
  return (
    <>
      <Link to={`/${country}/mi-cuenta/mis-pacientes/${patient.id}`}>{patientName(patient, i18n)}</Link>
      {patient.account_status === 'invited' && (
        <span className="badge badge--muted">
          <Trans>Invitado</Trans>
        </span>
      )}
      {patient.consent_status !== 'confirmed' && (
        <span className="badge badge--muted">
          {patient.consent_status === 'revoked' ? (
            <Trans>Autorización revocada</Trans>
          ) : (
            <Trans>Autorización declarada por ti</Trans>
          )}
        </span>
      )}
      {!patient.complete && (
        <span className="badge badge--warning">
          <Trans>Ficha incompleta</Trans>
        </span>
      )}
    </>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import {
  DEFAULT_PRESCRIPTION_SETTINGS,
  type CreatePatientResponseDto,
  type PatientDto,
  type PrescriptionDetailDto,
  type PrescriptionType,
} from '../../../lib/shared/prescriptions';
import { discardOutboxItem, outboxAvailable, useOutboxItem } from '../../../lib/outbox';
import { isQueuedAnswer } from '../../../lib/shared/outbox';
import { useIdleAfterFirstPaint } from '../../../lib/use-idle-after-first-paint';
import { useLazyModule, usePreloadWhenIdle } from '../../../lib/lazy-module';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useOnline } from '../../../lib/use-online';
import { useCountry } from '../../../lib/use-country';
import { useSession } from '../../../lib/session/use-session';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { patientQueries } from '../../patients/api';
import { prescriptionSettingsQueries, useCreatePrescription, useRememberPrescription } from '../api';
import { draftAtomFor } from '../atoms';
import { toolChecks } from '../lazy-tool-checks';
import { createDraft, draftKey, type DraftPatient, type DraftStep, type PrescriptionDraft } from '../draft';
import {
  applyTemplate,
  choosePatient,
  markQueued,
  reopenQueued,
  resolvePendingPatient,
  dailyCapsulesOf,
  goToStep,
  markCreated,
  reachableStep,
  removeTool,
  requestFromDraft,
  selectTool,
  toggleTool,
  toolInputs,
  updateTool,
  withNewKey,
  shortfallSignature,
  shortTools,
} from '../draft-rules';
import { durationText, unitsText } from '../indications-text';
import { PrescriptionCreated } from './prescription-created';
import { PrescriptionQueued } from './prescription-queued';
import { IndicationsStep } from './indications-step';
import { IssuedList } from './issued-list';
import { SaveTemplateForm } from './save-template-form';
import { TemplatePicker } from './template-picker';
import { ToolsStep } from './tools-step';
import { ToolsSummary } from './tools-summary';
import { isRecord } from '../../../lib/shared/records';

/** A patient created offline, not yet on the server: chosen by the key of its creation. */
interface PendingPatientChoice {
  key: string;
  name: string;
  email: string;
  documentNumber: string | null;
}

interface PatientPickerSlotProps {
  country: CountryCode;
  viewer: string;
  selectedId: number | null;
  onSelect: (patient: PatientDto) => void;
  selectedPendingKey: string | null;
  onSelectPending: (patient: PendingPatientChoice) => void;
}

interface PrescriptionBuilderProps {
  type: PrescriptionType;
  /** Step 1's patient list and form belong to the patients feature: the app passes them in. */
  renderPatientPicker: (props: PatientPickerSlotProps) => ReactNode;
}

/** The server's answer to a patient's creation, as the outbox kept it. */
function isCreatedPatient(value: unknown): value is CreatePatientResponseDto {
  return isRecord(value) && isRecord(value.patient) && typeof value.patient.id === 'number';
}

/** The server's answer to a prescription's creation, as the outbox kept it. */
function isPrescriptionDetail(value: unknown): value is PrescriptionDetailDto {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.createdAt === 'string' &&
    isRecord(value.patient) &&
    typeof value.patient.id === 'number'
  );
}

function draftPatient(patient: PatientDto): DraftPatient {
  return {
    id: patient.id,
    name: patient.display_name,
    email: patient.email,
    documentNumber: patient.document_number,
  };
}

/**
 * `mi-cuenta/prescripcion` (doctors) and `mi-cuenta/recomendaciones` (health professionals): product §4's four steps
 * on a draft kept in IndexedDB, one per professional and country.
 */
export function PrescriptionBuilder({ type, renderPatientPicker }: PrescriptionBuilderProps) {
  const country = useCountry();
  const viewer = useViewerKey();
  const uid = useSession()?.user.uid ?? 'anonymous';
  const [stored, setDraft] = useAtom(draftAtomFor(draftKey(uid, country)));
  // The first visit, or a role that changed (a doctor's draft is never sent as a recommendation): a new draft is shown
  // at once and stored with its first change, so the screen renders once instead of after an effect's write.
  const fresh = useMemo(() => createDraft(type), [type]);
  const draft = stored?.prescriptionType === type ? stored : fresh;
  const update = useCallback(
    (change: (current: PrescriptionDraft) => PrescriptionDraft) =>
      setDraft((current) => change(current?.prescriptionType === type ? current : fresh)),
    [setDraft, type, fresh],
  );

  // What the service worker delivers while this screen is open, or delivered before it opened: the patient created
  // offline gets its id, the prescription sent offline becomes "created".
  const rememberPrescription = useRememberPrescription(country, viewer);
  const pendingPatient = useOutboxItem(draft.patient?.pendingKey);
  const queued = useOutboxItem(draft.prescriptionQueued?.key);
  useEffect(() => {
    if (pendingPatient?.state !== 'delivered' || !isCreatedPatient(pendingPatient.response)) return;
    const { id } = pendingPatient.response.patient;
    update((current) => resolvePendingPatient(current, pendingPatient.id, id));
  }, [pendingPatient, update]);
  useEffect(() => {
    if (queued?.state !== 'delivered' || !isPrescriptionDetail(queued.response)) return;
    const result = queued.response;
    rememberPrescription(result);
    update((current) => (current.prescriptionQueued?.key === queued.id ? markCreated(current, result) : current));
  }, [queued, update, rememberPrescription]);

  if (draft.prescriptionQueued) {
    const { key } = draft.prescriptionQueued;
    return (
      <PrescriptionQueued
        country={country}
        draft={draft}
        queued={draft.prescriptionQueued}
        onReopen={() => {
          void discardOutboxItem(key);
          update(reopenQueued);
        }}
        onStartNew={() => setDraft(createDraft(type))}
      />
    );
  }
  if (draft.prescriptionCreated) {
    return (
      <PrescriptionCreated
        country={country}
        viewer={viewer}
        draft={draft}
        created={draft.prescriptionCreated}
        onDownloaded={(fileName) => update((current) => ({ ...current, prescriptionFile: fileName }))}
        onStartNew={() => setDraft(createDraft(type))}
      />
    );
  }
  return (
    <DraftEditor
      country={country}
      viewer={viewer}
      author={uid}
      draft={draft}
      patientRefused={pendingPatient?.state === 'rejected'}
      update={update}
      restart={() => setDraft(createDraft(type))}
      renderPatientPicker={renderPatientPicker}
    />
  );
}

interface DraftEditorProps {
  country: CountryCode;
  viewer: string;
  /** The professional's uid: a submission kept offline is sent only under this account. */
  author: string;
  draft: PrescriptionDraft;
  /** The patient created offline for this draft was refused by the server: the prescription cannot go. */
  patientRefused: boolean;
  update: (change: (draft: PrescriptionDraft) => PrescriptionDraft) => void;
  restart: () => void;
  renderPatientPicker: PrescriptionBuilderProps['renderPatientPicker'];
}

function DraftEditor({
  country,
  viewer,
  author,
  draft,
  patientRefused,
  update,
  restart,
  renderPatientPicker,
}: DraftEditorProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const online = useOnline();
  const canKeep = outboxAvailable();
  const [params, setParams] = useSearchParams();
  const [showErrors, setShowErrors] = useState(false);
  const creation = useCreatePrescription(country, viewer);
  const pending = creation.isPending;
  const failure = creation.error ? creationFailure(creation.error) : null;
  const [askingShortfall, setAskingShortfall] = useState(false);
  const [confirmedShortfall, setConfirmedShortfall] = useState<string | null>(null);
  // Offline with nothing kept yet, the standard settings stand in: the builder never waits for them. The patient's
  // step does not use them: they are asked for once the page is painted and idle (a kept copy answers at once). The
  // indications' checks download then too, and are waited for once the draft is past the tools.
  const idle = useIdleAfterFirstPaint();
  usePreloadWhenIdle(toolChecks);
  const checks = useLazyModule(toolChecks, draft.step >= 3);
  // Until the checks are here, the stored step stands; they may send it back to the indications.
  const step = reachableStep(draft, checks ? checks.toolIsComplete : () => true);
  const waitingForChecks = step >= 3 && !checks;
  const notesProblem = checks?.notesError(draft.notes);
  const short = shortTools(draft.functionalTools);
  const isPrescription = draft.prescriptionType === 'prescription';
  const stepLabels = [t`Paciente`, t`Herramientas`, t`Indicaciones`, t`Resumen`];
  const settings =
    useQuery({ ...prescriptionSettingsQueries.current(country), enabled: idle || step > 1 }).data ??
    DEFAULT_PRESCRIPTION_SETTINGS;

  // `?paciente=12` (from the patient's page) chooses that patient once.
  const askedPatient = Number(params.get('paciente'));
  const linked = useQuery({
    ...patientQueries.detail(country, viewer, askedPatient),
    enabled: Number.isSafeInteger(askedPatient) && askedPatient > 0,
  });
  // Offline, a patient never opened on this device is still in the register kept on it.
  const askedFromRegister = linked.isError
    ? queryClient
        .getQueryData(patientQueries.register(country, viewer).queryKey)
        ?.patients.find((patient) => patient.id === askedPatient)
    : undefined;
  const asked = linked.data ?? askedFromRegister;
  useEffect(() => {
    if (!asked) return;
    const patient = asked;
    update((current) => (current.patient?.id === patient.id ? current : choosePatient(current, draftPatient(patient))));
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('paciente');
        return next;
      },
      { replace: true },
    );
  }, [asked, update, setParams]);

  function creationFailure(error: Error): { message: string; reusedKey: boolean } {
    const offline = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
    return {
      message: offline
        ? t`No pudimos enviar: ${errorMessage(error)} Tu borrador queda guardado en este dispositivo; al reintentar no se creará dos veces.`
        : errorMessage(error),
      reusedKey: error instanceof ApiError && error.status === 409,
    };
  }

  function go(next: DraftStep) {
    creation.reset();
    setShowErrors(false);
    setAskingShortfall(false);
    update((current) => goToStep(current, next));
    window.scrollTo({ top: 0 });
  }

  function next() {
    if (step === 3) {
      if (!checks) return;
      const incomplete = draft.functionalTools.find((tool) => !checks.toolIsComplete(tool));
      if (incomplete) {
        setShowErrors(true);
        update((current) => selectTool(current, incomplete.productId));
        return;
      }
      const [firstShort] = short;
      if (firstShort && shortfallSignature(short) !== confirmedShortfall) {
        setAskingShortfall(true);
        update((current) => selectTool(current, firstShort.tool.productId));
        return;
      }
    }
    go((step + 1) as DraftStep);
  }

  function applyNeededUnits() {
    const needed = new Map(short.map(({ tool, suggestion }) => [tool.productId, suggestion]));
    update((current) => ({
      ...current,
      functionalTools: current.functionalTools.map((tool) => ({
        ...tool,
        units: needed.get(tool.productId) ?? tool.units,
      })),
    }));
    setAskingShortfall(false);
  }

  function acceptShortfall() {
    setConfirmedShortfall(shortfallSignature(short));
    go(4);
  }

  async function create() {
    const patient = draft.patient;
    if (patient === null || !checks || notesProblem || patientRefused) return;
    // A failure is shown from `creation.error`; the draft stays as it is.
    const result = await creation
      .mutateAsync({
        body: requestFromDraft({ ...draft, patient }),
        idempotencyKey: draft.idempotencyKey,
        outbox: {
          kind: draft.prescriptionType,
          author,
          label: patient.name,
          detail: draft.functionalTools.map((tool) => tool.name).join(', '),
          ...(patient.pendingKey ? { dependsOn: patient.pendingKey } : {}),
        },
      })
      .catch(() => null);
    if (result === null) return;
    update((current) => (isQueuedAnswer(result) ? markQueued(current) : markCreated(current, result)));
    window.scrollTo({ top: 0 });
  }

  const canGoOn =
    (step === 1 && draft.patient !== null) ||
    (step === 2 && draft.functionalTools.length > 0) ||
    (step === 3 && !waitingForChecks);

  return (
    <section className="stack builder" aria-labelledby="builder-title">
      <div className="patients__header">
        <h1 id="builder-title">
          {isPrescription ? <Trans>Nueva prescripción</Trans> : <Trans>Nueva recomendación</Trans>}
        </h1>
        <button type="button" className="button button--ghost" onClick={restart}>
          <Trans>Descartar borrador</Trans>
        </button>
      </div>
      <p className="muted">
        <Trans>Tu avance se guarda en este dispositivo, incluso sin conexión.</Trans>
      </p>
      <ol className="steps" aria-label={t`Pasos`}>
        {stepLabels.map((label, index) => (
          <li key={label} aria-current={index + 1 === step ? 'step' : undefined}>
            {label}
          </li>
        ))}
      </ol>

      {draft.patient && step > 1 && (
        <p className="builder__patient">
          <Trans>Paciente: {draft.patient.name}</Trans>
        </p>
      )}
      {draft.suggestionTools.length > 0 && (
        <div className="notice stack" role="status">
          <p>
            <Trans>Algunas herramientas de la plantilla no se cargaron:</Trans>
          </p>
          <ul>
            {draft.suggestionTools.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <p>
            <Trans>Las demás herramientas sí se cargaron con sus indicaciones.</Trans>
          </p>
          <div>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => update((current) => ({ ...current, suggestionTools: [] }))}
            >
              <Trans>Entendido</Trans>
            </button>
          </div>
        </div>
      )}
      {step <= 2 && (
        <TemplatePicker
          country={country}
          viewer={viewer}
          selectedId={draft.selectedSuggestion}
          onApply={(template) => update((current) => applyTemplate(current, template))}
        />
      )}

      <h2 className="builder__step-title">{stepLabels[step - 1]}</h2>
      {step === 1 &&
        renderPatientPicker({
          country,
          viewer,
          selectedId: draft.patient?.id ?? null,
          onSelect: (patient) => update((current) => choosePatient(current, draftPatient(patient))),
          selectedPendingKey: draft.patient?.pendingKey ?? null,
          onSelectPending: (patient) =>
            update((current) =>
              choosePatient(current, {
                id: null,
                pendingKey: patient.key,
                name: patient.name,
                email: patient.email,
                documentNumber: patient.documentNumber,
              }),
            ),
        })}
      {step === 2 && (
        <ToolsStep
          country={country}
          viewer={viewer}
          type={draft.prescriptionType}
          tools={draft.functionalTools}
          onToggle={(product) =>
            update((current) =>
              toggleTool(current, product, {
                duration: settings.defaultDuration,
                indications: settings.defaultIndications,
              }),
            )
          }
        />
      )}
      {waitingForChecks && <LoadingStatus />}
      {step === 3 && checks && (
        <>
          {showErrors && (
            <p className="alert" role="alert">
              <Trans>Completa las indicaciones de cada herramienta para continuar.</Trans>
            </p>
          )}
          <IndicationsStep
            country={country}
            checks={checks}
            moments={settings.moments}
            tools={draft.functionalTools}
            selectedTool={draft.selectedTool}
            showErrors={showErrors}
            onSelect={(productId) => update((current) => selectTool(current, productId))}
            onChange={(productId, change) => update((current) => updateTool(current, productId, change))}
            onRemove={(productId) => update((current) => removeTool(current, productId))}
          />
        </>
      )}
      {step === 4 && checks && draft.patient && (
        <div className="stack">
          <dl className="data-list">
            <div>
              <dt>{t`Paciente`}</dt>
              <dd>{draft.patient.name}</dd>
            </div>
            <div>
              <dt>{t`Correo electrónico`}</dt>
              <dd>{draft.patient.email}</dd>
            </div>
          </dl>
          <ToolsSummary
            country={country}
            tools={draft.functionalTools.map((tool) => ({ ...tool, dailyCapsules: dailyCapsulesOf(tool) }))}
          />
          <div className="field">
            <label className="field__label" htmlFor="draft-notes">
              <Trans>Observaciones generales</Trans>
            </label>
            <textarea
              id="draft-notes"
              className="input"
              rows={3}
              value={draft.notes}
              aria-invalid={Boolean(notesProblem)}
              onChange={(event) => update((current) => ({ ...current, notes: event.target.value }))}
            />
            {notesProblem && (
              <p className="field__error" role="alert">
                {notesProblem}
              </p>
            )}
          </div>
          <SaveTemplateForm
            country={country}
            source={{ tools: toolInputs(draft), notes: draft.notes.trim() }}
            suggestedName={draft.functionalTools.map((tool) => tool.name).join(' + ')}
          />
        </div>
      )}

      {failure && (
        <div className="alert stack" role="alert">
          <p>{failure.message}</p>
          {failure.reusedKey && (
            <div>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  update(withNewKey);
                  creation.reset();
                }}
              >
                {isPrescription ? (
                  <Trans>Enviar como una prescripción nueva</Trans>
                ) : (
                  <Trans>Enviar como una recomendación nueva</Trans>
                )}
              </button>
            </div>
          )}
        </div>
      )}
      {step === 3 && askingShortfall && short.length > 0 && (
        <div className="alert stack" role="alert">
          <p>
            <Trans>Las unidades no cubren toda la duración del tratamiento:</Trans>
          </p>
          <ul>
            {short.map(({ tool, suggestion }) => (
              <li key={tool.productId}>
                {t`${tool.name}: para ${durationText(tool.prescriptionDuration)} se necesitan ${unitsText(suggestion)} y indicaste ${unitsText(tool.units)}.`}
              </li>
            ))}
          </ul>
          <div className="form-actions">
            <button type="button" className="button button--secondary" onClick={applyNeededUnits}>
              <Trans>Usar las unidades necesarias</Trans>
            </button>
            <button type="button" className="button button--ghost" onClick={acceptShortfall}>
              <Trans>Continuar con menos unidades</Trans>
            </button>
          </div>
        </div>
      )}
      {patientRefused && draft.patient && (
        <p className="alert" role="alert">
          <Trans>
            No pudimos crear a {draft.patient.name}, el paciente que creaste sin conexión. Vuelve al paso 1 y elige o
            crea de nuevo el paciente.
          </Trans>
        </p>
      )}
      {!online && step === 4 && (
        <p className="notice" role="status">
          {canKeep ? (
            <Trans>
              Sin conexión: al crearla la guardaremos en este dispositivo y se enviará al recuperar la conexión.
            </Trans>
          ) : (
            <Trans>Sin conexión: tu borrador queda guardado. Podrás crearla cuando vuelvas a estar en línea.</Trans>
          )}
        </p>
      )}
      {draft.patient?.pendingKey && !patientRefused && step > 1 && (
        <p className="muted">
          <Trans>
            {draft.patient.name} aún no está en el servidor: la prescripción se enviará justo después de crear al
            paciente.
          </Trans>
        </p>
      )}
      <div className="form-actions builder__actions">
        {step > 1 && (
          <button type="button" className="button button--ghost" onClick={() => go((step - 1) as DraftStep)}>
            <Trans>Atrás</Trans>
          </button>
        )}
        {step < 4 ? (
          <button type="button" className="button button--primary" disabled={!canGoOn} onClick={next}>
            <Trans>Siguiente</Trans>
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={pending || !checks || (!online && !canKeep) || patientRefused || Boolean(notesProblem)}
            onClick={() => void create()}
          >
            {pending ? t`Creando…` : isPrescription ? t`Crear prescripción` : t`Crear recomendación`}
          </button>
        )}
      </div>
      {step === 2 && draft.functionalTools.length === 0 && (
        <p className="muted">
          <Trans>Elige al menos una herramienta para continuar.</Trans>
        </p>
      )}
      <IssuedList country={country} viewer={viewer} type={draft.prescriptionType} />
      <p>
        <Link to={`/${country}/mi-cuenta/mis-pacientes`}>
          <Trans>Ver mis pacientes y sus estrategias</Trans>
        </Link>
      </p>
    </section>
  );
}

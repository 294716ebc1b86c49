import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/ui/field';
import { SaveCancel } from '../../../components/ui/save-cancel';
import { errorMessage } from '../../../lib/http';
import { DOCUMENT_TYPES, GENDERS, type ProfileDto } from '../../../lib/shared/accounts';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import { useUpdateProfile, type ProfileChanges } from '../api';
import { profileProblems } from '../profile-form';

interface PersonalDataFormProps {
  country: CountryCode;
  profile: ProfileDto;
  onSaved: (profile: ProfileDto) => void;
}

const editable = (profile: ProfileDto): Required<ProfileChanges> => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  birth_date: profile.birth_date ?? '',
  gender: profile.gender ?? '',
  phone_number: profile.phone_number ?? '',
  country_code: profile.country_code ?? '',
  specialty: profile.specialty ?? '',
  professional_license_number: profile.professional_license_number ?? '',
});

/** Personal data with edit, cancel and save (product §2, my data). */
export function PersonalDataForm({ country, profile, onSaved }: PersonalDataFormProps) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => editable(profile));
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateProfile(country);
  const pending = update.isPending;
  const failure = update.error ? errorMessage(update.error) : null;
  const [saved, setSaved] = useState(false);
  const professional = profile.role.name === 'doctor' || profile.role.name === 'health_professional';
  const genderLabels: Record<(typeof GENDERS)[number], string> = {
    femenino: t`Femenino`,
    masculino: t`Masculino`,
    otro: t`Otro`,
    'prefiero-no-decir': t`Prefiero no decirlo`,
  };
  const documentType = DOCUMENT_TYPES.find((type) => type.id === profile.document_type_id)?.name;
  const changes: ProfileChanges = {
    ...draft,
    birth_date: draft.birth_date || null,
    gender: draft.gender || null,
    phone_number: draft.phone_number || null,
    country_code: draft.country_code || COUNTRIES[country].dialCode,
    specialty: professional ? draft.specialty || null : null,
    professional_license_number: professional ? draft.professional_license_number || null : null,
  };
  // Said after the first attempt to save, then following what is typed.
  const problems = submitted ? profileProblems(changes) : {};
  const problem = (field: keyof ProfileChanges) => {
    const message = problems[field];
    return message ? i18n._(message) : undefined;
  };

  function set<K extends keyof ProfileChanges>(key: K, value: string) {
    setDraft((previous) => ({ ...previous, [key]: value }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    update.reset();
    if (Object.keys(profileProblems(changes)).length > 0) return;
    // A failure is shown from `update.error`; the form stays open with the changes.
    const updated = await update.mutateAsync(changes).catch(() => null);
    if (!updated) return;
    onSaved(updated);
    setEditing(false);
    setSubmitted(false);
    setSaved(true);
  }

  if (!editing) {
    const rows: [string, string | null][] = [
      [t`Nombres`, profile.first_name],
      [t`Apellidos`, profile.last_name],
      [t`Fecha de nacimiento`, profile.birth_date],
      [t`Género`, profile.gender ? (genderLabels[profile.gender as (typeof GENDERS)[number]] ?? profile.gender) : null],
      [t`Documento`, [documentType, profile.document_number].filter(Boolean).join(' ') || null],
      [t`Celular`, [profile.country_code, profile.phone_number].filter(Boolean).join(' ') || null],
      ...(professional
        ? ([
            [t`Especialidad`, profile.specialty],
            [t`Tarjeta profesional`, profile.professional_license_number],
          ] as [string, string | null][])
        : []),
    ];
    return (
      <>
        {saved && (
          <p className="notice notice--success" role="status">
            <Trans>Tus datos se guardaron.</Trans>
          </p>
        )}
        <dl className="data-list">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDraft(editable(profile));
            setSaved(false);
            setEditing(true);
          }}
        >
          <Trans>Editar</Trans>
        </button>
      </>
    );
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={t`Editar datos personales`}>
      <div className="form-grid">
        <Field label={t`Nombres`} required error={problem('first_name')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="input"
              value={draft.first_name}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => set('first_name', event.target.value)}
            />
          )}
        </Field>
        <Field label={t`Apellidos`} required error={problem('last_name')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="input"
              value={draft.last_name}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => set('last_name', event.target.value)}
            />
          )}
        </Field>
        <Field label={t`Fecha de nacimiento`} error={problem('birth_date')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className="input"
              type="date"
              max={new Date().toISOString().slice(0, 10)}
              value={draft.birth_date ?? ''}
              onChange={(event) => set('birth_date', event.target.value)}
            />
          )}
        </Field>
        <Field label={t`Género`} error={problem('gender')}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className="select"
              value={draft.gender ?? ''}
              onChange={(event) => set('gender', event.target.value)}
            >
              <option value="">{t`Selecciona una opción`}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {genderLabels[gender]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t`Indicativo`} error={problem('country_code')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className="input"
              inputMode="tel"
              value={draft.country_code ?? ''}
              onChange={(event) => set('country_code', event.target.value)}
            />
          )}
        </Field>
        <Field label={t`Celular`} error={problem('phone_number')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className="input"
              type="tel"
              value={draft.phone_number ?? ''}
              onChange={(event) => set('phone_number', event.target.value)}
            />
          )}
        </Field>
        {professional && (
          <>
            <Field label={t`Especialidad`} error={problem('specialty')}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  className="input"
                  value={draft.specialty ?? ''}
                  onChange={(event) => set('specialty', event.target.value)}
                />
              )}
            </Field>
            <Field label={t`Tarjeta profesional`} error={problem('professional_license_number')}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  className="input"
                  value={draft.professional_license_number ?? ''}
                  onChange={(event) => set('professional_license_number', event.target.value)}
                />
              )}
            </Field>
          </>
        )}
      </div>
      <SaveCancel failure={failure} pending={pending} onCancel={() => setEditing(false)} />
    </form>
  );
}

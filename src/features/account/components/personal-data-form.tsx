import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { DataList, type DataRow } from '../../../components/ui/data-list';
import { ChoiceField } from '../../../components/ui/choice-field';
import { SaveCancel } from '../../../components/ui/save-cancel';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/http';
import { DOCUMENT_TYPES, type ProfileDto } from '../../../lib/shared/accounts';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import { useUpdateProfile, type ProfileChanges } from '../api';
import { profileProblems } from '../profile-form';
import { useGenderLabels } from '../gender-labels';

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
  const genders = useGenderLabels();
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

  const text = (
    key: Exclude<keyof ProfileChanges, 'gender'>,
    label: string,
    input: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'max' | 'required'> = {},
  ) => (
    <TextField
      label={label}
      value={draft[key] ?? ''}
      onValueChange={(value) => set(key, value)}
      error={problem(key)}
      {...input}
    />
  );

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
    const rows: DataRow[] = [
      [t`Nombres`, profile.first_name],
      [t`Apellidos`, profile.last_name],
      [t`Fecha de nacimiento`, profile.birth_date],
      [t`Género`, genders.textOf(profile.gender)],
      [t`Documento`, [documentType, profile.document_number].filter(Boolean).join(' ') || null],
      [t`Celular`, [profile.country_code, profile.phone_number].filter(Boolean).join(' ') || null],
      ...(professional
        ? ([
            [t`Especialidad`, profile.specialty],
            [t`Tarjeta profesional`, profile.professional_license_number],
          ] as DataRow[])
        : []),
    ];
    return (
      <>
        {saved && (
          <p className="notice notice--success" role="status">
            <Trans>Tus datos se guardaron.</Trans>
          </p>
        )}
        <DataList rows={rows} />
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
        {text('first_name', t`Nombres`, { required: true })}
        {text('last_name', t`Apellidos`, { required: true })}
        {text('birth_date', t`Fecha de nacimiento`, { type: 'date', max: new Date().toISOString().slice(0, 10) })}
        <ChoiceField
          label={t`Género`}
          className="select"
          placeholder={t`Selecciona una opción`}
          choices={genders.choices}
          value={draft.gender ?? ''}
          onValueChange={(value) => set('gender', value)}
          error={problem('gender')}
        />
        {text('country_code', t`Indicativo`, { inputMode: 'tel' })}
        {text('phone_number', t`Celular`, { type: 'tel' })}
        {professional && (
          <>
            {text('specialty', t`Especialidad`)}
            {text('professional_license_number', t`Tarjeta profesional`)}
          </>
        )}
      </div>
      <SaveCancel failure={failure} pending={pending} onCancel={() => setEditing(false)} />
    </form>
  );
}

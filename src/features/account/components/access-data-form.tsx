import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { SaveCancel } from '../../../components/ui/save-cancel';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/http';
import type { ProfileDto } from '../../../lib/shared/accounts';
import type { CountryCode } from '../../../lib/shared/countries';
import { accessProblems } from '../access-form';
import { useChangeAccess } from '../api';

interface AccessDataFormProps {
  country: CountryCode;
  profile: ProfileDto;
  onSaved: (profile: ProfileDto) => void;
}

/** Access data: the e-mail and the password, both changed only with the current password. */
export function AccessDataForm({ country, profile, onSaved }: AccessDataFormProps) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(profile.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangeAccess(country);
  const [saved, setSaved] = useState(false);
  const pending = change.isPending;
  const failure = change.error ? errorMessage(change.error) : null;

  function reset() {
    setEmail(profile.email);
    setCurrentPassword('');
    setNewPassword('');
    setConfirmation('');
    setErrors({});
    change.reset();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const problems = accessProblems({ email, currentPassword, newPassword, confirmation });
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, i18n._(message)])));
    change.reset();
    if (Object.keys(problems).length > 0) return;
    // A failure is shown from `change.error`; the form stays open.
    const current = await change
      .mutateAsync({
        currentPassword,
        ...(email.trim() !== profile.email ? { email: email.trim() } : {}),
        ...(newPassword ? { newPassword } : {}),
      })
      .catch(() => null);
    if (!current) return;
    onSaved(current);
    setEditing(false);
    setSaved(true);
    reset();
  }

  const password = (
    field: 'newPassword' | 'confirmation' | 'currentPassword',
    label: string,
    value: string,
    onValueChange: (value: string) => void,
    extra: { help?: string; required?: boolean } = {},
  ) => (
    <TextField
      label={label}
      type="password"
      autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
      value={value}
      onValueChange={onValueChange}
      error={errors[field]}
      {...extra}
    />
  );

  if (!editing) {
    return (
      <>
        {saved && (
          <p className="notice notice--success" role="status">
            <Trans>Tus datos de acceso se actualizaron.</Trans>
          </p>
        )}
        <dl className="data-list">
          <div>
            <dt>{t`Correo electrónico`}</dt>
            <dd>{profile.email}</dd>
          </div>
          <div>
            <dt>{t`Contraseña`}</dt>
            <dd aria-label={t`Contraseña oculta`}>••••••••</dd>
          </div>
        </dl>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            reset();
            setSaved(false);
            setEditing(true);
          }}
        >
          <Trans>Cambiar correo o contraseña</Trans>
        </button>
      </>
    );
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={t`Editar datos de acceso`}>
      <TextField
        label={t`Correo electrónico`}
        required
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        error={errors.email}
      />
      {password('newPassword', t`Nueva contraseña`, newPassword, setNewPassword, {
        help: t`Déjala vacía para conservar la actual.`,
      })}
      {password('confirmation', t`Confirma la nueva contraseña`, confirmation, setConfirmation)}
      {password('currentPassword', t`Contraseña actual`, currentPassword, setCurrentPassword, { required: true })}
      <SaveCancel failure={failure} pending={pending} onCancel={() => setEditing(false)} />
    </form>
  );
}

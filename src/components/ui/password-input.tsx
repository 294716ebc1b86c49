import { useLingui } from '@lingui/react/macro';
import { useState, type InputHTMLAttributes } from 'react';

/** Product §5: the password can be revealed. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={visible ? 'text' : 'password'} className="input" />
      <button
        type="button"
        className="password-input__toggle"
        onClick={() => setVisible((value) => !value)}
        aria-pressed={visible}
        aria-label={visible ? t`Ocultar contraseña` : t`Mostrar contraseña`}
      >
        {visible ? t`Ocultar` : t`Mostrar`}
      </button>
    </div>
  );
}

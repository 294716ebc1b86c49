import { useState, type FormEvent, type ReactNode } from 'react';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { errorMessage } from '../../../lib/http';

interface AuthFormProps {
  /** The id of the page's heading, which names the page's region. */
  titleId: string;
  title: ReactNode;
  /** Whether what was typed may be sent; when not, the fields show their errors. */
  valid: boolean;
  /** The write the form sends (a mutation): inert while pending, its failure shown above the button. */
  action: { isPending: boolean; error: Error | null; reset: () => void };
  /** Sends the form through `action`. */
  onSubmit: () => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  footer?: ReactNode;
  /** The fields, told whether a submission was tried (errors show only then). */
  children: (submitted: boolean) => ReactNode;
}

/**
 * The card of the account-access pages (login, forgotten password, new password): heading, fields, the server's
 * refusal, one submit button that is inert while the request runs, and a footer link.
 */
export function AuthForm({
  titleId,
  title,
  valid,
  action,
  onSubmit,
  submitLabel,
  pendingLabel,
  footer,
  children,
}: AuthFormProps) {
  const [submitted, setSubmitted] = useState(false);
  const pending = action.isPending;
  const failure = action.error ? errorMessage(action.error) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    action.reset();
    // A failure is shown from `action.error`, in the catalogue's words.
    if (valid) void onSubmit().catch(() => undefined);
    else focusFirstInvalid(event.currentTarget);
  }

  return (
    <section className="page auth-page" aria-labelledby={titleId}>
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1 id={titleId}>{title}</h1>
        {children(submitted)}
        {failure && (
          <p className="alert" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {footer && <p className="auth-card__footer">{footer}</p>}
      </form>
    </section>
  );
}

/**
 * What an admin action says afterwards: failures as alerts (read out at once), successes as a status. Each renders
 * nothing while there is nothing to say, so a page passes its state as it is.
 */

/** A failure in one paragraph (a server's or a form's message, in Spanish). */
export function ErrorAlert({ message }: { message: string | null }) {
  return <OutcomeLine message={message} className="alert" role="alert" />;
}

/** What a save, a change of state or a removal did. */
export function SuccessNotice({ message }: { message: string | null }) {
  return <OutcomeLine message={message} className="notice notice--success" role="status" />;
}

/** A failure with an optional second paragraph (the points feature's message and detail). */
export function DetailedErrorAlert({ failure }: { failure: { message: string; detail: string | null } | null }) {
  if (!failure) return null;
  return (
    <div className="alert" role="alert">
      <p>{failure.message}</p>
      {failure.detail && <p>{failure.detail}</p>}
    </div>
  );
}

function OutcomeLine({ message, className, role }: { message: string | null; className: string; role: string }) {
  if (!message) return null;
  return (
    <p className={className} role={role}>
      {message}
    </p>
  );
}

interface FailureAlertProps {
  /** What failed, in Spanish; nothing shows without it. */
  message: string | null | undefined;
}

/** A failure announced to screen readers where it happened (a form that could not be sent, a list that failed). */
export function FailureAlert({ message }: FailureAlertProps) {
  if (!message) return null;
  return (
    <p className="alert" role="alert">
      {message}
    </p>
  );
}

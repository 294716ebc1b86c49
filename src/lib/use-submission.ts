import { useState } from 'react';
import { errorMessage } from './http';

/**
 * The state of one user action sent to the server: `pending` while it runs (its button inert, so a second tap does
 * not send it twice) and the failure in the catalogue's words (product §8), cleared when it is tried again.
 */
export function useSubmission() {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(action: () => Promise<void>): Promise<void> {
    setPending(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return { pending, failure, run, clearFailure: () => setFailure(null) };
}

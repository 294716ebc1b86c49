import { useSession } from './use-session';

/** Who is looking, for query keys: answers that depend on the session never leak between users. */
export function useViewerKey(): string {
  return useSession()?.user.uid ?? 'anonymous';
}

import { FullPageLoader } from './full-page-loader';

/** Spec §2: the placeholder shown until the persisted state (cart, sessions, drafts) is restored. */
export function RestorationPlaceholder() {
  return (
    <div className="restoration-placeholder" data-testid="restoration-placeholder">
      <FullPageLoader />
    </div>
  );
}

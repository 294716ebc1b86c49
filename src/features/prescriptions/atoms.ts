import { atom, type WritableAtom } from 'jotai';
import { persistedAtom } from '../../lib/store';
import {
  parsePrescriptionDrafts,
  PRESCRIPTION_DRAFTS_STORAGE_KEY,
  type PrescriptionDraft,
  type PrescriptionDrafts,
} from './draft';

/**
 * Every prescription draft on this device, keyed by `draftKey(uid, country)`. Persisted in IndexedDB so a draft
 * survives a reload, a closed browser and an offline period; logout resets it (a draft names its patient, and the
 * device may be shared: `use-logout.ts`).
 */
export const prescriptionDraftsAtom = persistedAtom<PrescriptionDrafts>(
  PRESCRIPTION_DRAFTS_STORAGE_KEY,
  {},
  parsePrescriptionDrafts,
);

type DraftUpdate = PrescriptionDraft | null | ((draft: PrescriptionDraft | null) => PrescriptionDraft | null);
type DraftAtom = WritableAtom<PrescriptionDraft | null, [DraftUpdate], void>;

const draftAtoms = new Map<string, DraftAtom>();

/** The draft of one professional in one country (null before the first one is started); null writes remove it. */
export function draftAtomFor(key: string): DraftAtom {
  let draftAtom = draftAtoms.get(key);
  if (!draftAtom) {
    draftAtom = atom(
      (get) => get(prescriptionDraftsAtom)[key] ?? null,
      (get, set, update: DraftUpdate) => {
        const drafts = get(prescriptionDraftsAtom);
        const current = drafts[key] ?? null;
        const next = typeof update === 'function' ? update(current) : update;
        if (next === current) return;
        const { [key]: _removed, ...others } = drafts;
        set(prescriptionDraftsAtom, next === null ? others : { ...others, [key]: next });
      },
    );
    draftAtoms.set(key, draftAtom);
  }
  return draftAtom;
}

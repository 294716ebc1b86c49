// The words of a vocabulary both sides name (issue #20: prescription types and statuses, moments of the day,
// durations, payment methods…) are written once, in a table of `src/lib/shared`, as Lingui message descriptors. The
// storefront translates them (`i18n._(label)`); the server, which speaks Spanish only, writes their Spanish source
// (`spanish(label)`). They are plain objects, not `msg` macros: neither the server's bundle (rolldown) nor tsx compiles
// macros, and a production build's macro keeps only the id. The `i18n` comment before each object makes
// `lingui extract` read it; its id is the one the macro would generate from the Spanish (labels.test.ts checks), so the
// catalogues keep their entries and translations.

/** One word of a vocabulary: a Lingui message descriptor with its Spanish source text. */
export interface Label {
  readonly id: string;
  readonly message: string;
}

/** What the server writes for a label: its Spanish source. */
export function spanish(label: Label): string {
  return label.message;
}

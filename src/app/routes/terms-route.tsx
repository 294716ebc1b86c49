// The terms page's route module: its own chunk; the legal texts load on top of it, per country.
export { TermsPage as TermsRoute } from '../../features/content/components/terms-page';

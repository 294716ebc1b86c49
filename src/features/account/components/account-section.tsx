import { SectionUnavailable } from '../../../components/ui/section-unavailable';

/**
 * Every section of the account menus has its own route: an address that reaches this one is not a section of the
 * user's role (or of any role).
 */
export function AccountSectionNotFound() {
  return <SectionUnavailable />;
}

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export type ViewerRole = 'anonymous' | 'patient' | 'doctor' | 'health_professional' | 'admin';

export interface NavLink {
  /** Path under the country prefix. */
  path: string;
  label: MessageDescriptor;
  /** Product §2: the fourth link only shows when logged in, and is gated by the approval status. */
  requiresLogin: boolean;
}

const PRODUCTS: NavLink = { path: 'herramientas', label: msg`Productos`, requiresLogin: false };
const BLOG: NavLink = { path: 'articulos', label: msg`Blog`, requiresLogin: false };
const ABOUT: NavLink = { path: 'nosotros', label: msg`Nosotros`, requiresLogin: false };

const ROLE_LINK: Partial<Record<ViewerRole, NavLink>> = {
  doctor: { path: 'mi-cuenta/prescripcion', label: msg`Prescripción`, requiresLogin: true },
  health_professional: { path: 'mi-cuenta/recomendaciones', label: msg`Recomendación`, requiresLogin: true },
  patient: { path: 'mi-cuenta/mis-prescripciones', label: msg`Mis prescripciones`, requiresLogin: true },
};

/** Product §2: products, blog and about us for everyone, plus the role's link for a logged-in user. */
export function navLinksFor(role: ViewerRole): NavLink[] {
  const roleLink = ROLE_LINK[role];
  return roleLink ? [PRODUCTS, BLOG, ABOUT, roleLink] : [PRODUCTS, BLOG, ABOUT];
}

/**
 * Product §4 navbar gating: a login-only link is disabled unless the user is a patient or an approved professional.
 */
export function isNavLinkEnabled(link: NavLink, role: ViewerRole, approvalStatus: string | undefined): boolean {
  if (!link.requiresLogin) return true;
  if (role === 'anonymous') return false;
  return role === 'patient' || approvalStatus === 'approved';
}

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Role } from '../../lib/shared/accounts';

export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  doctor: msg`Médico`,
  health_professional: msg`Profesional de la salud`,
  patient: msg`Paciente`,
  admin: msg`Administrador`,
};

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Role } from '../../lib/shared/accounts';

interface AccountMenuItem {
  path: string;
  label: MessageDescriptor;
  /** Professional tools wait for the approval (product §4 gating). */
  needsApproval: boolean;
}

interface AccountMenuGroup {
  title: MessageDescriptor;
  items: AccountMenuItem[];
}

const item = (path: string, label: MessageDescriptor, needsApproval = false): AccountMenuItem => ({
  path,
  label,
  needsApproval,
});

const PERSONAL_DATA = item('datos-personales', msg`Datos personales`);
const ORDERS = item('mis-pedidos', msg`Mis pedidos`);
const FAVOURITES = item('mis-favoritos', msg`Mis favoritos`);
/** What was created or uploaded offline (outbox): a professional awaiting approval may have credentials there. */
const PENDING_UPLOADS = item('envios-pendientes', msg`Envíos pendientes`);

/** Product §2: the account area's menus per role, under the groups 'functional tools' and 'management and follow-up'. */
export function accountMenu(role: Role): AccountMenuGroup[] {
  const toolsTitle = msg`Herramientas funcionales`;
  const managementTitle = msg`Gestión y seguimiento`;
  switch (role) {
    case 'doctor':
    case 'health_professional':
      return [
        {
          title: toolsTitle,
          items: [
            item('herramientas-funcionales', msg`Herramientas funcionales`, true),
            role === 'doctor'
              ? item('prescripcion', msg`Prescripción`, true)
              : item('recomendaciones', msg`Recomendaciones`, true),
          ],
        },
        {
          title: managementTitle,
          items: [
            PERSONAL_DATA,
            item('mis-pacientes', msg`Mis pacientes`, true),
            ORDERS,
            item('mis-puntos', msg`Mis puntos`, true),
            FAVOURITES,
            PENDING_UPLOADS,
          ],
        },
      ];
    case 'patient':
      return [
        { title: toolsTitle, items: [item('mis-prescripciones', msg`Mis prescripciones`)] },
        {
          title: managementTitle,
          items: [
            PERSONAL_DATA,
            ORDERS,
            item('recordatorios', msg`Recordatorios de recompra`),
            FAVOURITES,
            PENDING_UPLOADS,
          ],
        },
      ];
    case 'admin':
      return [{ title: managementTitle, items: [PERSONAL_DATA] }];
  }
}

import { SectionGate } from '../../features/prescriptions/components/section-gate';
import { FunctionalToolsPage } from '../../features/resources/components/functional-tools-page';

/** `mi-cuenta/herramientas-funcionales`: the tools, the medical resources library and customised products. */
export function ResourcesRoute() {
  return (
    <SectionGate section="herramientas-funcionales">
      <FunctionalToolsPage />
    </SectionGate>
  );
}

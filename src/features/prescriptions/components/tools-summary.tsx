import { useLingui } from '@lingui/react/macro';
import type { CountryCode } from '../../../lib/shared/countries';
import type { MomentDto, PrescriptionDurationDto } from '../../../lib/shared/prescriptions';
import { dailyCapsulesText, durationText, momentsText, unitsText } from '../indications-text';
import { ToolImage } from './tool-image';

interface SummaryTool {
  productId: number;
  name: string;
  imageUrl: string;
  presentation: string;
  capsuleInfo: string | null;
  momentsDay: Pick<MomentDto, 'id' | 'quantity'>[];
  prescriptionDuration: PrescriptionDurationDto;
  prescriptionIndications: string;
  dailyCapsules: number;
  units: number;
}

/** The tools with their indications, as the summary, the detail screens and the PDF state them. */
export function ToolsSummary({ tools, country }: { tools: SummaryTool[]; country: CountryCode }) {
  const { t } = useLingui();
  return (
    <ol className="plain-list tools-summary">
      {tools.map((tool) => (
        <li key={tool.productId} className="tools-summary__item">
          <ToolImage url={tool.imageUrl} size={64} />
          <div className="stack">
            <h3 className="tools-summary__name">{tool.name}</h3>
            {tool.presentation && <p className="muted">{tool.presentation}</p>}
            <dl className="data-list data-list--compact">
              <div>
                <dt>{t`Momento del día`}</dt>
                <dd>{momentsText(tool.momentsDay, country)}</dd>
              </div>
              <div>
                <dt>{t`Duración`}</dt>
                <dd>{durationText(tool.prescriptionDuration)}</dd>
              </div>
              <div>
                <dt>{t`Cápsulas diarias`}</dt>
                <dd>{dailyCapsulesText(tool.dailyCapsules, country)}</dd>
              </div>
              <div>
                <dt>{t`Unidades del producto`}</dt>
                <dd>{unitsText(tool.units)}</dd>
              </div>
              {tool.prescriptionIndications.trim() && (
                <div>
                  <dt>{t`Indicaciones`}</dt>
                  <dd className="preserve-lines">{tool.prescriptionIndications}</dd>
                </div>
              )}
            </dl>
          </div>
        </li>
      ))}
    </ol>
  );
}

import { Trans } from '@lingui/react/macro';

interface OpeningHoursProps {
  /** The title's element: a heading where the hours are a section of their own (the footer), else a paragraph. */
  titleAs?: 'p' | 'h3';
  titleClassName?: string;
}

/** Product §9: Monday to Friday 8:00 to 18:00, Saturday 8:00 to 13:00. */
export function OpeningHours({ titleAs: Title = 'p', titleClassName = 'opening-hours__title' }: OpeningHoursProps) {
  return (
    <div className="opening-hours">
      <Title className={titleClassName}>
        <Trans>Horario de atención</Trans>
      </Title>
      <ul className="plain-list">
        <li>
          <Trans>Lunes a viernes: 8:00 a 18:00</Trans>
        </li>
        <li>
          <Trans>Sábados: 8:00 a 13:00</Trans>
        </li>
      </ul>
    </div>
  );
}

import { updatedAgoText } from '../../lib/data-age';

interface DataAgeProps {
  /** When the data shown was read from the server (ms since the epoch); nothing shows before it ever was. */
  updatedAt: number;
}

/** 'Actualizado hace 2 días' under data the device kept, shown while the server cannot confirm it. */
export function DataAge({ updatedAt }: DataAgeProps) {
  if (updatedAt <= 0) return null;
  return <p className="muted data-age">{updatedAgoText(updatedAt)}</p>;
}

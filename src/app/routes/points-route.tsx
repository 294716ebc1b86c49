import { PointsPage } from '../../features/points/components/points-page';

/** `mi-cuenta/mis-puntos`: its own chunk, so Radix Tabs and Dialog load only for professionals who open it. */
export function PointsRoute() {
  return <PointsPage />;
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { CountryCode } from '../../../lib/shared/countries';
import { pointsQueries, type PointsItemKind } from '../api';
import { pointsFailure, type PointsStoreError } from '../points-messages';
import { toPointsItem, type PointsItem } from '../points-items';
import { useRedeem } from '../use-redeem';
import { BatchRedeem } from './batch-redeem';
import { LightHistories } from './light-histories';
import { PointsAlert } from './points-alert';
import { PointsItemCard } from './points-item-card';
import { RedeemDialog } from './redeem-dialog';
import { TitledSection } from '../../../components/ui/titled-section';

const LOAD_ERRORS: Record<PointsItemKind, PointsStoreError> = {
  event: 'events',
  combo: 'combos',
  product: 'productsByCountry',
};

interface CatalogueListProps {
  country: CountryCode;
  userId: number;
  kind: PointsItemKind;
  balance: number | undefined;
  onChoose: (item: PointsItem) => void;
}

/** The country's active items of one kind, as cards. */
function CatalogueList({ country, userId, kind, balance, onChoose }: CatalogueListProps) {
  const list = useQuery(pointsQueries.catalogue(country, kind));
  // An event is joined once: the events already joined say so instead of offering a refusal.
  const joined = useQuery({ ...pointsQueries.eventHistory(country, userId), enabled: kind === 'event' });
  const joinedIds = new Set(joined.data?.map((record) => record.itemId) ?? []);
  const items = list.data?.map((dto) => toPointsItem(kind, dto)) ?? [];

  if (list.isPending) {
    return (
      <p className="muted" role="status">
        <Trans>Cargando…</Trans>
      </p>
    );
  }
  if (list.isError) {
    return (
      <PointsAlert
        failure={pointsFailure(list.error, LOAD_ERRORS[kind])}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return (
      <p className="empty-state">
        {kind === 'event' ? (
          <Trans>No hay eventos disponibles en este momento.</Trans>
        ) : kind === 'combo' ? (
          <Trans>No hay combos disponibles en este momento.</Trans>
        ) : (
          <Trans>No hay productos de puntos disponibles en este momento.</Trans>
        )}
      </p>
    );
  }
  return (
    <div className="points-grid">
      {items.map((item) => (
        <PointsItemCard
          key={item.id}
          item={item}
          country={country}
          balance={balance}
          joined={kind === 'event' && joinedIds.has(item.id)}
          onRedeem={() => onChoose(item)}
        />
      ))}
    </div>
  );
}

interface BatchProductsProps {
  country: CountryCode;
  userId: number;
  balance: number | undefined;
  onRedeemed: (remaining: number) => void;
}

/** Several point products in one redemption, once the country offers more than one (the list shares its query). */
function BatchProducts({ country, userId, balance, onRedeemed }: BatchProductsProps) {
  const list = useQuery(pointsQueries.catalogue(country, 'product'));
  const products = list.data?.map((dto) => toPointsItem('product', dto)) ?? [];
  if (products.length < 2) return null;
  return (
    <BatchRedeem country={country} userId={userId} products={products} balance={balance} onRedeemed={onRedeemed} />
  );
}

interface PointsCatalogueProps {
  country: CountryCode;
  userId: number;
  balance: number | undefined;
  /** Called with the balance left after a redemption. */
  onRedeemed: (remaining: number) => void;
}

/** Tabs of events, combos and point products of the country, and of what the user already redeemed. */
export function PointsCatalogue({ country, userId, balance, onRedeemed }: PointsCatalogueProps) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<PointsItem | null>(null);
  const { redeem, redeeming } = useRedeem(country, userId);

  async function confirm(item: PointsItem, quantity: number) {
    const outcome = await redeem({ kind: item.kind, id: item.id, quantity });
    if (outcome.ok) {
      setChosen(null);
      onRedeemed(outcome.remaining);
    }
    return outcome;
  }

  const list = (kind: PointsItemKind) => (
    <CatalogueList country={country} userId={userId} kind={kind} balance={balance} onChoose={setChosen} />
  );

  return (
    <TitledSection id="points-catalogue-title" title={<Trans>Canjea tus puntos</Trans>} className="stack">
      <Tabs.Root defaultValue="event" className="points-tabs">
        <Tabs.List className="points-tabs__list" aria-label={t`Catálogo de puntos`}>
          <Tabs.Trigger value="event" className="points-tabs__tab">
            <Trans>Eventos</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="combo" className="points-tabs__tab">
            <Trans>Combos</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="product" className="points-tabs__tab">
            <Trans>Productos</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="redeemed" className="points-tabs__tab">
            <Trans>Mis canjes</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="event" className="points-tabs__panel">
          {list('event')}
        </Tabs.Content>
        <Tabs.Content value="combo" className="points-tabs__panel">
          {list('combo')}
        </Tabs.Content>
        <Tabs.Content value="product" className="points-tabs__panel stack">
          {list('product')}
          <BatchProducts country={country} userId={userId} balance={balance} onRedeemed={onRedeemed} />
        </Tabs.Content>
        <Tabs.Content value="redeemed" className="points-tabs__panel">
          <LightHistories country={country} userId={userId} />
        </Tabs.Content>
      </Tabs.Root>
      {chosen && balance !== undefined && (
        <RedeemDialog
          key={`${chosen.kind}-${chosen.id}`}
          item={chosen}
          country={country}
          balance={balance}
          redeeming={redeeming}
          onConfirm={(quantity) => confirm(chosen, quantity)}
          onClose={() => setChosen(null)}
        />
      )}
    </TitledSection>
  );
}

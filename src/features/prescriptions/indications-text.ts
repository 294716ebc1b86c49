import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import type { CountryCode } from '../../lib/shared/countries';
import type { MomentDto, PrescriptionDurationDto } from '../../lib/shared/prescriptions';
import { formatQuantity } from '../../lib/prescription-format';
import { MOMENT_LABELS } from '../../lib/shared/prescription-labels';

/** 'Con el desayuno: 1 · Antes de dormir: 2', in the order of the day. */
export function momentsText(moments: readonly Pick<MomentDto, 'id' | 'quantity'>[], country: CountryCode): string {
  return [...moments]
    .sort((a, b) => a.id - b.id)
    .map((moment) => `${i18n._(MOMENT_LABELS[moment.id])}: ${formatQuantity(moment.quantity, country)}`)
    .join(' · ');
}

/** '2 meses', '1 semana', '30 días'. */
export function durationText({ time, quantity }: PrescriptionDurationDto): string {
  switch (time) {
    case 'days':
      return plural(quantity, { one: '# día', other: '# días' });
    case 'weeks':
      return plural(quantity, { one: '# semana', other: '# semanas' });
    case 'months':
      return plural(quantity, { one: '# mes', other: '# meses' });
  }
}

/** '2 unidades', '1 unidad' of the product to buy. */
export function unitsText(units: number): string {
  return plural(units, { one: '# unidad', other: '# unidades' });
}

export function dailyCapsulesText(daily: number, country: CountryCode): string {
  const amount = formatQuantity(daily, country);
  return t`${amount} al día`;
}

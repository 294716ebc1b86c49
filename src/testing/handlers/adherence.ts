import { http, HttpResponse } from 'msw';
import {
  ADHERENCE_REMINDER_INTERVAL_DAYS,
  type AdherenceReminderResultDto,
  type PatientAdherenceDto,
  type ProductAdherenceDto,
} from '../../lib/shared/adherence';
import { addDays } from '../../lib/shared/calendar-date';
import { TEST_API } from '../api-url';
import { signedIn } from './auth';

const UNAUTHORIZED = () => HttpResponse.json({ message: 'Sesión inválida' }, { status: 401 });

/** One prescribed product's figures; override what the test is about. */
export function buildProductAdherence(overrides: Partial<ProductAdherenceDto> = {}): ProductAdherenceDto {
  return {
    productId: 11,
    name: 'Magnesio bisglicinato 400 mg',
    prescriptionId: 901,
    prescribedOn: '2026-10-01',
    dailyUnits: 2,
    unitsPerContainer: 60,
    unitSymbol: 'cápsulas',
    lastPurchaseOn: null,
    containersBought: 0,
    unitsBought: 0,
    daysCovered: null,
    runsOutOn: null,
    lastReminderAt: null,
    remindAgainOn: null,
    ...overrides,
  };
}

/** What the fake server holds; `resetAdherenceFixtures` runs after every test. */
export const adherenceFixtures = {
  /** Per patient id; a patient not listed has nothing prescribed by the viewer. */
  products: {} as Record<number, ProductAdherenceDto[]>,
  /** Every reminder asked, as `patientId/productId`, refused or not. */
  reminders: [] as string[],
  /** The channel the fake server reports. */
  channel: 'push' as AdherenceReminderResultDto['channel'],
  today: '2026-11-20',
};

export function resetAdherenceFixtures() {
  adherenceFixtures.products = {};
  adherenceFixtures.reminders = [];
  adherenceFixtures.channel = 'push';
  adherenceFixtures.today = '2026-11-20';
}

export const adherenceHandlers = [
  http.get(`${TEST_API}/patients/:id/adherence`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const patientId = Number(params.id);
    return HttpResponse.json<PatientAdherenceDto>({
      patientId,
      today: adherenceFixtures.today,
      products: adherenceFixtures.products[patientId] ?? [],
    });
  }),
  http.post(`${TEST_API}/patients/:id/adherence/:productId/remind`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const patientId = Number(params.id);
    const product = adherenceFixtures.products[patientId]?.find(
      (candidate) => candidate.productId === Number(params.productId),
    );
    adherenceFixtures.reminders.push(`${patientId}/${String(params.productId)}`);
    if (!product) {
      return HttpResponse.json(
        { message: 'Este producto no está en las fórmulas que escribiste para este paciente.' },
        { status: 404 },
      );
    }
    if (product.remindAgainOn && product.remindAgainOn > adherenceFixtures.today) {
      const message = `Ya le recordamos este producto al paciente. Podrás recordárselo de nuevo a partir del ${product.remindAgainOn}.`;
      return HttpResponse.json({ message, errors: [message], remindAgainOn: product.remindAgainOn }, { status: 409 });
    }
    const remindAgainOn = addDays(adherenceFixtures.today, ADHERENCE_REMINDER_INTERVAL_DAYS);
    product.lastReminderAt = `${adherenceFixtures.today}T15:00:00.000Z`;
    product.remindAgainOn = remindAgainOn;
    return HttpResponse.json<AdherenceReminderResultDto>({
      channel: adherenceFixtures.channel,
      sentAt: product.lastReminderAt,
      remindAgainOn,
    });
  }),
];

// "Agregar todo a la bolsa" (product §2 my prescriptions): which of a prescription's products can be bought now, as
// the app's cart wiring receives them. The cart's state is not this feature's: the app turns these into cart lines.

import { t } from '@lingui/core/macro';
import type { ProductDto } from '../../lib/shared/api-types';
import type {
  MomentDto,
  PrescriptionDetailDto,
  PrescriptionPurchaseLineDto,
  PrescriptionType,
} from '../../lib/shared/prescriptions';

/** A prescribed product to put in the cart: its prescribed quantity, and the moments that lock it there. */
interface PrescriptionCartLine {
  product: ProductDto;
  quantity: number;
  momentsDay: MomentDto[];
}

/** Stored with the cart (`prescription` / `prescriptionContext`): which prescription the lines came from. */
interface PrescriptionCartContext {
  prescriptionId: number;
  type: PrescriptionType;
  authorName: string;
  patientName: string;
  createdAt: string;
}

/** What the cart did: ids it added, ids it left as they were (already there as prescription lines). */
export interface PrescriptionCartResult {
  added: number[];
  unchanged: number[];
}

export type AddPrescriptionToCart = (
  lines: PrescriptionCartLine[],
  context: PrescriptionCartContext,
) => PrescriptionCartResult;

export interface SkippedLine {
  productId: number;
  name: string;
  reason: string;
}

function skipReason(line: PrescriptionPurchaseLineDto): string | null {
  if (line.problem) return line.problem;
  if (line.product === null || line.product.price === null) return t`ya no se vende`;
  if (!line.hasStock) return t`sin stock`;
  return null;
}

/** Splits the prescription's products into what can go to the cart now and what cannot (with the reason). */
export function purchasableLines(detail: Pick<PrescriptionDetailDto, 'products' | 'status'>): {
  lines: PrescriptionCartLine[];
  skipped: SkippedLine[];
} {
  const lines: PrescriptionCartLine[] = [];
  const skipped: SkippedLine[] = [];
  for (const line of detail.products) {
    const reason = detail.status === 'cancelled' ? t`prescripción anulada` : skipReason(line);
    if (reason !== null || line.product === null) {
      skipped.push({ productId: line.productId, name: line.name, reason: reason ?? t`ya no se vende` });
      continue;
    }
    // Product §3: a cart line with a non-empty momentsDay is a prescription product, its quantity locked (the server
    // stores at least one moment per tool).
    lines.push({
      product: line.product,
      quantity: Math.max(1, Math.trunc(line.quantity)),
      momentsDay: line.momentsDay,
    });
  }
  return { lines, skipped };
}

export function cartContextOf(detail: PrescriptionDetailDto): PrescriptionCartContext {
  return {
    prescriptionId: detail.id,
    type: detail.type,
    authorName: detail.author.display_name,
    patientName: detail.patient.display_name,
    createdAt: detail.createdAt,
  };
}

import { gatewayClient } from '../../lib/http';
import type { CountryCode } from '../../lib/shared/countries';
import type { MedicalRequestDto, MedicalRequestInputDto } from '../../lib/shared/prescriptions';

/** `POST /medical-requests` (public): the request reaches the team, who contact the person. */
export function sendMedicalRequest(country: CountryCode, input: MedicalRequestInputDto) {
  return gatewayClient.request<MedicalRequestDto>('/medical-requests', { method: 'POST', country, body: input });
}

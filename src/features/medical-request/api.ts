import { useMutation } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import type { CountryCode } from '../../lib/shared/countries';
import type { MedicalRequestDto, MedicalRequestInputDto } from '../../lib/shared/prescriptions';

/**
 * `POST /medical-requests` (public): the request reaches the team, who contact the person. Nothing cached changes:
 * the admins' list is another person's, read fresh on their device.
 */
export function useSendMedicalRequest(country: CountryCode) {
  return useMutation({
    mutationFn: (input: MedicalRequestInputDto) =>
      gatewayClient.request<MedicalRequestDto>('/medical-requests', { method: 'POST', country, body: input }),
  });
}

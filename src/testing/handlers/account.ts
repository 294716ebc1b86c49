import { http, HttpResponse } from 'msw';
import type { AffiliateDto, CredentialsStatusDto, ProfileDto } from '../../lib/shared/accounts';
import { TEST_API } from '../api-url';
import { parseMultipart } from './http-shapes';
import { buildProfile } from './auth';

/** What the fake server holds for the tests of one file; `resetAccountFixtures` starts it over. */
export const accountFixtures = {
  credentials: { status: 'not_uploaded', required: true, history: [] } as CredentialsStatusDto,
  affiliates: [] as AffiliateDto[],
};

export function resetAccountFixtures() {
  accountFixtures.credentials = { status: 'not_uploaded', required: true, history: [] };
  accountFixtures.affiliates = [
    {
      id: 30,
      uid: 'uid-pendiente-00000000000001',
      email: 'pendiente.co@demo.test',
      display_name: 'Jorge Paredes',
      role: 'doctor',
      approval_status: 'pending',
      approval_reason: null,
      specialty: 'Endocrinología',
      professional_license_number: 'RM-52345673',
      document_number: '52345673',
      country_id: 1,
      purchase_level_id: 1,
      credentials: { status: 'pending', required: true, history: [] },
      created_at: '2026-11-01T10:00:00.000Z',
    },
  ];
}
resetAccountFixtures();

export const accountHandlers = [
  http.patch(`${TEST_API}/auth/profile`, async ({ request }) => {
    const changes = (await request.json()) as Partial<ProfileDto>;
    const profile = buildProfile({ ...changes });
    return HttpResponse.json({ ...profile, display_name: `${profile.first_name} ${profile.last_name}` });
  }),
  http.get(`${TEST_API}/credentials`, () => HttpResponse.json(accountFixtures.credentials)),
  http.post(`${TEST_API}/credentials`, async ({ request }) => {
    const form = parseMultipart(await request.text());
    const files = form.files;
    accountFixtures.credentials = {
      status: 'pending',
      required: true,
      history: [
        {
          id: 1,
          documentType: form.fields.documentType ?? '',
          contactNumber: form.fields.contactNumber ?? '',
          countryCode: form.fields.countryCode ?? '',
          status: 'pending',
          reason: null,
          createdAt: '2026-11-22T10:00:00.000Z',
          reviewedAt: null,
          files: files.map((file, index) => ({
            id: index + 1,
            name: file.name,
            size: file.content.length,
            mime: file.mime,
            url: `/api/credentials/files/${index + 1}`,
          })),
          order: null,
        },
      ],
    };
    return HttpResponse.json(accountFixtures.credentials, { status: 201 });
  }),
  http.get(`${TEST_API}/admin/affiliates`, ({ request }) => {
    const status = new URL(request.url).searchParams.get('status');
    const data = accountFixtures.affiliates.filter((affiliate) => !status || affiliate.approval_status === status);
    return HttpResponse.json({ data });
  }),
  http.post(`${TEST_API}/admin/affiliates/:id/approve`, ({ params }) => {
    const affiliate = accountFixtures.affiliates.find((candidate) => candidate.id === Number(params.id));
    if (!affiliate) return HttpResponse.json({ message: 'Profesional no encontrado.' }, { status: 404 });
    affiliate.approval_status = 'approved';
    return HttpResponse.json(affiliate);
  }),
  http.post(`${TEST_API}/admin/affiliates/:id/reject`, async ({ params, request }) => {
    const { reason } = (await request.json()) as { reason?: string };
    const affiliate = accountFixtures.affiliates.find((candidate) => candidate.id === Number(params.id));
    if (!affiliate) return HttpResponse.json({ message: 'Profesional no encontrado.' }, { status: 404 });
    affiliate.approval_status = 'rejected';
    affiliate.approval_reason = reason ?? null;
    return HttpResponse.json(affiliate);
  }),
];

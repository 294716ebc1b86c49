import { describe, expect, it } from 'vitest';
import { formCheckSchema, logoutBodySchema, medicalRequestSchema } from './form-schemas';
import { MEDICAL_REQUEST_TOPIC_MESSAGE } from './prescriptions';

const REQUEST = {
  names: ' Ana ',
  last_names: 'Gómez',
  email: 'ANA@Correo.co',
  country_id: '1',
  country_code: '+57',
  mobile_number: '300 123 4567',
  description: 'Quiero una fórmula personalizada.',
};

const fieldsOf = async (body: unknown) =>
  (await medicalRequestSchema.safeParseAsync(body)).error?.issues.map((issue) => issue.path.join('.'));

describe('medicalRequestSchema', () => {
  it('reads a request about attention unless it says otherwise, normalising the e-mail and the phone', async () => {
    const parsed = await medicalRequestSchema.parseAsync(REQUEST);
    expect(parsed).toMatchObject({ topic: 'attention', names: 'Ana', email: 'ana@correo.co' });
    expect(parsed.mobile_number).toBe('3001234567');
    expect((await medicalRequestSchema.parseAsync({ ...REQUEST, topic: 'advisor' })).topic).toBe('advisor');
  });

  it('says every problem at once: a topic it does not know, missing fields and control characters', async () => {
    const parsed = await medicalRequestSchema.safeParseAsync({
      ...REQUEST,
      topic: 'otro',
      names: '',
      description: 'texto\u0007',
    });
    const messages = parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toContainEqual(['topic', MEDICAL_REQUEST_TOPIC_MESSAGE]);
    expect(messages?.map(([field]) => field)).toEqual(expect.arrayContaining(['topic', 'names', 'description']));
  });

  it('runs the form’s own rules after reading: a broken e-mail is refused at its field', async () => {
    expect(await fieldsOf({ ...REQUEST, email: 'ana@correo' })).toEqual(['email']);
    expect(await fieldsOf({ ...REQUEST, description: 'x'.repeat(5001) })).toContain('description');
  });
});

describe('the dynamic forms’ bodies', () => {
  it('checks values given bare or wrapped in `values`', () => {
    expect(formCheckSchema.parse({ values: { email: 'a@b.co' } })).toEqual({ email: 'a@b.co' });
    expect(formCheckSchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(formCheckSchema.safeParse([]).success).toBe(false);
  });

  it('never refuses a logout: a token is read when it is text, anything else is ignored', () => {
    expect(logoutBodySchema.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(logoutBodySchema.parse({ token: 7 })).toEqual({ token: undefined });
    expect(logoutBodySchema.parse('basura')).toEqual({});
  });
});

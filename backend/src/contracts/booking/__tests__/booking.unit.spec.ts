import {
  bookingIcs,
  DEFAULT_PUBLIC_LINK,
  isSlug,
  publicBookingSchema,
  publicLinkSettingsSchema,
  slotRulesOfLink,
  whatsappSchema,
} from '../api';
import { DEFAULT_SLOT_RULES } from '../../scheduling/api';

describe('public booking rules', () => {
  it('takes a WhatsApp masked or as digits, with a DDD and 8 or 9 digits', () => {
    expect(whatsappSchema.parse('(11) 98765-4321')).toBe('11987654321');
    expect(whatsappSchema.parse('1133334444')).toBe('1133334444');
    for (const bad of ['', '1234', '(01) 98765-4321', '119876543210', 'x'.repeat(30)])
      expect(whatsappSchema.safeParse(bad).success).toBe(false);
  });

  it('bounds the visitor input and names what is wrong', () => {
    const body = {
      locationId: '0190f0e0-0000-7000-8000-00000000f022',
      inicio: '2030-03-04T09:00:00-03:00',
      nome: '  Bruno Lima ',
      telefone: '(11) 98888-7777',
    };
    expect(publicBookingSchema.parse(body)).toMatchObject({
      nome: 'Bruno Lima',
      telefone: '11988887777',
    });
    const issues = (input: Record<string, unknown>) =>
      publicBookingSchema
        .safeParse({ ...body, ...input })
        .error?.issues.map((issue) => issue.path[0]);
    expect(issues({ nome: 'B' })).toEqual(['nome']);
    expect(issues({ nome: 'B'.repeat(81) })).toEqual(['nome']);
    expect(issues({ inicio: 'amanhã' })).toEqual(['inicio']);
    expect(issues({ website: 'x'.repeat(201) })).toEqual(['website']);
    expect(issues({ extra: 1 })).toEqual([undefined]);
  });

  it('link settings: defaults are the engine defaults; ranges enforced; locations deduplicated', () => {
    expect(slotRulesOfLink(DEFAULT_PUBLIC_LINK)).toEqual(DEFAULT_SLOT_RULES);
    const id = '0190f0e0-0000-7000-8000-00000000f022';
    expect(
      publicLinkSettingsSchema.parse({ ...DEFAULT_PUBLIC_LINK, locationIds: [id, id] }).locationIds,
    ).toEqual([id]);
    for (const bad of [
      { daysAhead: 0 },
      { daysAhead: 61 },
      { slotMinutes: 10 },
      { bufferMinutes: 121 },
      { maxPerDay: 0 },
    ])
      expect(publicLinkSettingsSchema.safeParse({ ...DEFAULT_PUBLIC_LINK, ...bad }).success).toBe(
        false,
      );
  });

  it('slugs are lowercase words joined by hyphens, bounded', () => {
    expect(isSlug('ana-souza-2')).toBe(true);
    for (const bad of ['Ana', 'ana souza', 'ana--souza', '-ana', 'a'.repeat(81), '../x'])
      expect(isSlug(bad)).toBe(false);
  });

  it('writes the .ics in UTC with escaped text, and wa.me links with the country code', () => {
    const ics = bookingIcs({
      id: 'abc',
      inicio: '2030-03-04T12:00:00.000Z',
      fim: '2030-03-04T13:00:00.000Z',
      titulo: 'Treino com Ana; Souza',
      local: 'Rua A, 10',
    });
    expect(ics).toContain('DTSTART:20300304T120000Z\r\n');
    expect(ics).toContain('DTEND:20300304T130000Z\r\n');
    expect(ics).toContain('SUMMARY:Treino com Ana\\; Souza\r\n');
    expect(ics).toContain('LOCATION:Rua A\\, 10\r\n');
  });
});

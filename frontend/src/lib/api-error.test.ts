import type { publicBookingApi } from '@contracts/booking/api';
import type { studentsApi } from '@contracts/students/api';
import { ApiError, failureOf, isApiError } from './api-error';

const SLOT_TAKEN = new ApiError(409, 'slot_taken', 'Este horário acabou de ser reservado. Escolha outro.');

describe('an API error, typed by the operation that failed', () => {
  it('is told apart by a code its operation declares', () => {
    const taken = failureOf<typeof publicBookingApi.book>(SLOT_TAKEN);
    expect(isApiError(taken, 'slot_taken')).toBe(true);
    expect(isApiError(taken, 'too_many_bookings')).toBe(false);
    expect(isApiError(failureOf<typeof publicBookingApi.book>(new TypeError('Failed to fetch')), 'slot_taken')).toBe(false);
  });

  it('cannot be asked for a code its operation does not declare (npm run typecheck holds it)', () => {
    const refused = failureOf<typeof studentsApi.create>(SLOT_TAKEN);
    // @ts-expect-error registering a student never answers slot_taken
    expect(isApiError(refused, 'slot_taken')).toBe(true);
    const caught: unknown = SLOT_TAKEN;
    // @ts-expect-error a failure of no known operation has no codes to ask for
    expect(isApiError(caught, 'slot_taken')).toBe(true);
    expect(isApiError(caught)).toBe(true);
  });
});

import { agendaSettingsApi, calendarApi } from '@contracts/scheduling/api';
import { availabilityKey } from '../../../entities/availability';
import { vacationsKey } from '../../../entities/vacations';
import { useOperation } from '../../../lib/contract-query';

/** PUT /api/availability: every row replaced at once (a failed save keeps the previous ones). */
export const useSaveAvailability = () =>
  useOperation(agendaSettingsApi.setAvailability, { invalidates: [availabilityKey] });

/** POST /api/vacations `{ startDate, endDate, description? }`: no booking in those days. */
export const useStartVacation = () =>
  useOperation(agendaSettingsApi.startVacation, { invalidates: [vacationsKey] });

/** DELETE /api/vacations/:id: the period leaves the list and stops blocking. */
export const useEndVacation = () =>
  useOperation(agendaSettingsApi.endVacation, { invalidates: [vacationsKey] });

/** POST /api/calendar/secret: a new private iCal address (the previous one stops working). */
export const useIssueCalendarFeed = () => useOperation(calendarApi.issue, { invalidates: [] });
